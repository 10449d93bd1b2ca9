#!/bin/sh
# bench/run --workloads/--allocators run only the cells named, with the
# repetitions interleaved (every cell's run 1 before any cell's run 2), and
# an unknown name is a usage error. usage: select.sh REPO BUILD OUTDIR PYTHON3
set -u
repo=$1 build=$2 out=$3 py=$4
mkdir -p "$out"
"$repo/bench/run" --smoke --workloads nope --build "$build" \
    --json "$out/none.json" 2>/dev/null
test $? -eq 2 || { echo "unknown workload: status not 2"; exit 1; }
"$repo/bench/run" --smoke --reps 2 --workloads realloc-churn --allocators glibc \
    --build "$build" --json "$out/select.json" --chart "$out/select.svg" \
    >/dev/null 2>"$out/select.log"
status=$?
# 1: the rewritten cell failed (built elsewhere); the cells must still be there.
if [ "$status" -ne 0 ] && [ "$status" -ne 1 ]; then
    echo "bench/run exited $status"; tail -5 "$out/select.log"; exit 1
fi
exec "$py" - "$out/select.json" "$out/select.log" <<'PY'
import json, re, sys
doc = json.load(open(sys.argv[1]))
cells = sorted((r["workload"], r["variant"], r["allocator"]) for r in doc["results"])
want = sorted(("realloc-churn", v, "glibc") for v in ("original", "rewritten", "ideal"))
assert cells == want, cells
assert [a["label"] for a in doc["allocators"]] == ["glibc"], doc["allocators"]
for r in doc["results"]:
    assert r["status"] != "ok" or len(r["runs"]) == 2, r
reps = [int(m) for m in re.findall(r" run (\d)/2:", open(sys.argv[2]).read())]
assert reps and reps == sorted(reps) and reps.count(1) == reps.count(2), reps
print("ok:", cells, "runs in order", reps)
PY
