#!/bin/sh
# check_no_malloc.sh NM LIB... — fails if any LIB defines a malloc-family
# symbol: asrt_core must run on whatever allocator the process has.
nm_tool=$1
shift
status=0
for lib in "$@"; do
  found=$("$nm_tool" --defined-only "$lib" 2>/dev/null | awk '
    $3 ~ /^(malloc|free|calloc|realloc|reallocarray|memalign)$/ ||
    $3 ~ /^(posix_memalign|aligned_alloc|valloc|pvalloc)$/ ||
    $3 == "malloc_usable_size" { print $3 }')
  if [ -n "$found" ]; then
    echo "$lib defines: $found"
    status=1
  fi
  if ! "$nm_tool" --defined-only "$lib" | grep -q ' T asrt_cow_share$'; then
    echo "$lib: no asrt_cow_share (wrong file?)"
    status=1
  fi
done
exit $status
