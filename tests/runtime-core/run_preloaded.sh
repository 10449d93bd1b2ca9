#!/bin/sh
# run_preloaded.sh LIB PROGRAM [ARGS...] — runs PROGRAM with LIB preloaded as
# the process allocator; exit 77 (skipped) when LIB is not installed.
lib=$1
shift
[ -r "$lib" ] || { echo "skipped: $lib not installed"; exit 77; }
LD_PRELOAD=$lib exec "$@"
