#!/bin/sh
# check_stats_json.sh PYTHON3 TEST_COW_THREADS — ASRT_STATS written at exit by
# asrt_core alone is valid JSON with the per-site counts, to a path and to
# stderr (ASRT_STATS=1). Skipped (77) without python3 to parse it.
py=$1
prog=$2
[ -n "$py" ] && [ -x "$py" ] || { echo "skipped: no python3"; exit 77; }
out=$(mktemp) || exit 1
err=$(mktemp) || exit 1
trap 'rm -f "$out" "$err"' EXIT
ASRT_STATS=$out "$prog" 2 100 >/dev/null || exit 1
ASRT_STATS=1 "$prog" 2 100 >/dev/null 2>"$err" || exit 1
for f in "$out" "$err"; do
  "$py" - "$f" <<'PY' || exit 1
import json, sys
doc = json.load(open(sys.argv[1]))
sites = {(s["site"], s["kind"]): s for s in doc["sites"]}
keys = {"site", "kind", "calls", "bytes_copied", "bytes_shared",
        "reallocs_avoided", "reallocs"}
assert all(set(s) == keys for s in doc["sites"]), doc
assert sites[("threads.c:1", "share")]["calls"] == 200, sites
assert sites[("threads.c:2", "share")]["bytes_shared"] == 200 * 256, sites
assert sites[("threads.c:4", "release")]["calls"] == 200, sites
PY
done
echo ok
