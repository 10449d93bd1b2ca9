#!/bin/sh
# Builds the C port of frag (bench/workloads/bench_frag.c, 10 threads) and
# runs it under glibc, glibc with MALLOC_ARENA_MAX=2, jemalloc and libasrt.
# usage: run_cfrag.sh LIBASRT [extra bench_frag flags]
set -u
here=$(cd "$(dirname "$0")" && pwd)
lib=${1:?usage: run_cfrag.sh LIBASRT [flags]}
shift
w=$here/../workloads
libdir=/usr/lib/x86_64-linux-gnu
bin=$(mktemp)
cc -O2 -std=c11 -pthread -o "$bin" "$w/bench_frag.c" "$w/bench_opts.c" "$w/bench_report.c" || exit 1
for a in glibc glibc-arena2 jemalloc asrt; do
  case $a in
  glibc) e= ;;
  glibc-arena2) e=MALLOC_ARENA_MAX=2 ;;
  jemalloc) e=LD_PRELOAD=$libdir/libjemalloc.so.2 ;;
  asrt) e=LD_PRELOAD=$lib ;;
  esac
  echo "== $a"
  env $e "$bin" "$@"
done
rm -f "$bin"
