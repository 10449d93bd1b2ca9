#!/bin/sh
# test_exitpaths must run to its last stage: every line, in order, status 0.
# usage: exitpaths.sh PROGRAM [LIBASRT to preload]
set -u
want='main
atexit allocates
atexit frees
destructor'
if [ $# -ge 2 ]; then
  got=$(env LD_PRELOAD="$2" "$1") || { echo "status $?: $got"; exit 1; }
else
  got=$("$1") || { echo "status $?: $got"; exit 1; }
fi
[ "$got" = "$want" ] || { printf 'got:\n%s\nwant:\n%s\n' "$got" "$want"; exit 1; }
