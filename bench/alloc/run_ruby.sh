#!/bin/sh
# Runs the seed Ruby workloads (frag.rb, frag2.rb) under each allocator and
# prints one line per run: final and peak VmRSS over live bytes, and wall
# time. A measurement, not a test: run it on a quiet machine.
# usage: run_ruby.sh LIBASRT [frag|frag2|all] [allocator ...]
#   allocators: glibc glibc-arena2 glibc-arena1 jemalloc mimalloc tcmalloc asrt
#   (default: all that are installed)
set -u
here=$(cd "$(dirname "$0")" && pwd)
lib=${1:?usage: run_ruby.sh LIBASRT [frag|frag2|all] [allocator ...]}
# Each run starts in a scratch directory: a relative path would not load.
case $lib in /*) ;; *) lib=$PWD/$lib ;; esac
which=${2:-all}
shift; [ $# -gt 0 ] && shift
allocs=${*:-glibc glibc-arena2 glibc-arena1 jemalloc mimalloc tcmalloc asrt}
libdir=/usr/lib/x86_64-linux-gnu

env_for() {
  case $1 in
  glibc) echo "" ;;
  glibc-arena2) echo "MALLOC_ARENA_MAX=2" ;;
  glibc-arena1) echo "MALLOC_ARENA_MAX=1" ;;
  jemalloc) [ -e $libdir/libjemalloc.so.2 ] && echo "LD_PRELOAD=$libdir/libjemalloc.so.2" ;;
  mimalloc) [ -e $libdir/libmimalloc.so.2 ] && echo "LD_PRELOAD=$libdir/libmimalloc.so.2" ;;
  tcmalloc) [ -e $libdir/libtcmalloc_minimal.so.4 ] &&
    echo "LD_PRELOAD=$libdir/libtcmalloc_minimal.so.4 TCMALLOC_AGGRESSIVE_DECOMMIT=1" ;;
  asrt) echo "LD_PRELOAD=$lib" ;;
  esac
}

run() { # script allocator
  e=$(env_for "$2") || { echo "$1 $2: not installed"; return; }
  [ "$2" != glibc ] && [ -z "$e" ] && { echo "$1 $2: not installed"; return; }
  out=$(mktemp)
  start=$(date +%s.%N)
  (cd "$(mktemp -d)" && env $e ruby "$here/$1.rb") > "$out" 2>&1
  end=$(date +%s.%N)
  awk -v s="$1" -v a="$2" -v t0="$start" -v t1="$end" '
    /^live_bytes:/ { live = $2 } /^VmRSS:/ { rss = $2 * 1024 } /^VmHWM:/ { hwm = $2 * 1024 }
    END { if (live > 0) printf "%-6s %-13s live %7.1f MB  rss/live %.3f  peak/live %.3f  wall %6.1f s\n",
            s, a, live / 1048576, rss / live, hwm / live, t1 - t0;
          else print s, a, "failed" }' "$out"
  rm -f "$out"
}

for s in frag frag2; do
  [ "$which" = all ] || [ "$which" = "$s" ] || continue
  for a in $allocs; do run "$s" "$a"; done
done
