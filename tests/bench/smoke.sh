#!/bin/sh
# The harness end to end at its smallest scale: bench/run --smoke must finish,
# and its JSON must hold the whole matrix. usage: smoke.sh REPO BUILD OUTDIR
set -u
repo=$1 build=$2 out=$3
mkdir -p "$out"
rm -f "$out/results.json" "$out/results.svg"
"$repo/bench/run" --smoke --build "$build" --json "$out/results.json" \
    --chart "$out/results.svg" 2>"$out/progress.log"
status=$?
# 1 means some cells failed: the checker says whether that is tolerated.
if [ "$status" -ne 0 ] && [ "$status" -ne 1 ]; then
    echo "bench/run exited $status" >&2
    tail -20 "$out/progress.log" >&2
    exit 1
fi
exec /usr/bin/python3 "$repo/tests/bench/check_results.py" \
    "$out/results.json" "$out/results.svg" 1
