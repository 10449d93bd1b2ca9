#!/bin/sh
# cmake --install puts libasrt, asrt.h and asrt.pc in place, and a program
# built with pkg-config's flags links and runs on the installed library.
# usage: install.sh BUILD_DIR
set -u
build=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cmake --install "$build" --prefix "$tmp/p" > /dev/null || exit 1
libdir=$(ls -d "$tmp"/p/lib*/ | head -1)
status=0
for f in libasrt.so libasrt.a pkgconfig/asrt.pc; do
  [ -e "$libdir/$f" ] || { echo "missing $libdir$f"; status=1; }
done
command -v pkg-config >/dev/null 2>&1 || { echo "pkg-config missing"; exit 77; }
cat > "$tmp/m.c" <<'C'
#include <stdlib.h>
#include <malloc.h>
#include <stdio.h>
int main(void) { void *p = malloc(20000); printf("%d\n", malloc_usable_size(p) >= 20000); free(p); return 0; }
C
export PKG_CONFIG_PATH="$libdir/pkgconfig"
cc -o "$tmp/m" "$tmp/m.c" $(pkg-config --cflags --libs asrt) -Wl,-rpath,"$libdir" || exit 1
out=$(ASRT_STATS=1 "$tmp/m" 2> "$tmp/err")
[ "$out" = 1 ] || { echo "program printed '$out'"; status=1; }
grep -q '"allocator": "asrt"' "$tmp/err" || { echo "installed libasrt not in use"; status=1; }
exit $status
