#!/bin/sh
# ASRT_STATS=path writes one JSON object at exit with the documented keys;
# ASRT_STATS=1 writes it to stderr.
# usage: stats.sh LIBASRT PROGRAM (PROGRAM: any that mallocs and keeps stderr)
set -u
lib=$1
prog=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
env LD_PRELOAD="$lib" ASRT_STATS="$tmp/s.json" sh -c 'seq 1 20000 | sort -r > /dev/null' || exit 1
status=0
for key in allocations frees live peak rss_final rss_peak arenas_used pages_returned; do
  grep -q "\"$key\": [0-9]" "$tmp/s.json" || { echo "missing $key"; status=1; }
done
if command -v python3 >/dev/null 2>&1; then
  python3 -c 'import json,sys; json.load(open(sys.argv[1]))' "$tmp/s.json" || status=1
fi
env ASRT_STATS=1 "$prog" > /dev/null 2> "$tmp/err"
grep -q '"allocator": "asrt"' "$tmp/err" || { echo "ASRT_STATS=1 wrote nothing to stderr"; status=1; }
# sort closes stderr in an atexit handler; the report must still arrive.
seq 1 3000 > "$tmp/in"
env LD_PRELOAD="$lib" ASRT_STATS=1 sort "$tmp/in" > /dev/null 2> "$tmp/err2"
grep -q '"allocator": "asrt"' "$tmp/err2" || { echo "ASRT_STATS=1 lost when the program closes stderr"; status=1; }
exit $status
