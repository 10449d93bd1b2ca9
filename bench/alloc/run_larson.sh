#!/bin/sh
# Builds larson.c and runs it under each installed allocator.
# usage: run_larson.sh LIBASRT [SECONDS] [THREADS]
set -u
here=$(cd "$(dirname "$0")" && pwd)
lib=${1:?usage: run_larson.sh LIBASRT [SECONDS] [THREADS]}
secs=${2:-5}
threads=${3:-2}
libdir=/usr/lib/x86_64-linux-gnu
bin=$(mktemp)
cc -O2 -std=c11 -D_GNU_SOURCE -pthread -o "$bin" "$here/larson.c" || exit 1
for a in glibc jemalloc mimalloc tcmalloc asrt; do
  case $a in
  glibc) pre= ;;
  jemalloc) pre=$libdir/libjemalloc.so.2 ;;
  mimalloc) pre=$libdir/libmimalloc.so.2 ;;
  tcmalloc) pre=$libdir/libtcmalloc_minimal.so.4 ;;
  asrt) pre=$lib ;;
  esac
  [ -n "$pre" ] && [ ! -e "$pre" ] && continue
  printf '%-9s ' "$a"
  env ${pre:+LD_PRELOAD=$pre} "$bin" "$secs" "$threads"
done
rm -f "$bin"
