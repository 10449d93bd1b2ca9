#!/usr/bin/env bash
# --rewrite under faults: a file changed between the scan and the write is
# refused (ALLOCSCAN_TEST_PAUSE stops allocscan there, deterministically); a
# file reached by two paths (a symbolic link; compile-database entries via
# ".." and via a linked folder) is rewritten exactly once; a temporary left
# by a killed rewrite is reported by a scan and removed by the next --rewrite.
# Usage: faults.sh ALLOCSCAN ROOT
set -u
. "$(dirname "$0")/wait_stopped.sh"
as=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
root=$(cd "$2" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 2
pass=0 fail=0
ok() { echo "ok: $1"; pass=$((pass + 1)); }
ko() { echo "FAIL: $1"; shift; for f in "$@"; do [ -f "$f" ] && cat "$f"; done; fail=$((fail + 1)); }
fresh() { rm -rf "$1" && mkdir -p "$1" && cp "$root/examples/minirt/"*.[ch] "$1/"; }

# The rewrite of an untouched tree, to compare against.
fresh want && "$as" -q --rewrite want 2>/dev/null

# Changed between the scan and the write: refused, its new text kept, the
# other file still rewritten.
fresh t
ALLOCSCAN_TEST_PAUSE=1 "$as" -q --rewrite t >/dev/null 2>err.txt &
pid=$!
if wait_stopped $pid; then
	echo '/* edited meanwhile */' >>t/array.c
	cp t/array.c edited.c
	kill -CONT $pid
fi
wait $pid
rc=$?
if [ $rc = 2 ] && cmp -s t/array.c edited.c && cmp -s t/strbuf.c want/strbuf.c &&
	grep -qx "allocscan: not fixing t/array.c: it changed since it was scanned" err.txt; then
	ok "file changed between scan and write refused, the other rewritten"
else
	ko "changed between scan and write (status $rc)" err.txt
fi

# A symbolic link to a scanned file: one rewrite, the link kept.
fresh s && ln -s array.c s/link.c
"$as" --rewrite s >/dev/null 2>err.txt
rc=$?
if [ $rc = 0 ] && [ -L s/link.c ] && [ "$(grep -c 'rewrote s/array.c\|rewrote s/link.c' err.txt)" = 1 ] &&
	[ "$(grep -c '#include <asrt/asrt.h>' s/array.c)" = 1 ] && [ "$(grep -c asrt_memdup_at s/array.c)" = 1 ]; then
	ok "file reached through a symbolic link rewritten once"
else
	ko "symbolic link (status $rc)" err.txt
fi

# A symbolic link out of the tree (a file, and a folder): refused, the
# file it names untouched, the rest of the tree rewritten.
fresh outside && mkdir o && cp outside/array.c outside/keep.c
fresh o && ln -s ../outside/array.c o/far.c && rm o/array.c && ln -s ../outside o/fardir
"$as" -q --rewrite o >/dev/null 2>err.txt
rc=$?
real=$(cd outside && pwd -P)
if [ $rc = 2 ] && cmp -s outside/array.c outside/keep.c && cmp -s o/strbuf.c want/strbuf.c &&
	grep -qx "allocscan: not fixing o/far.c: its real path $real/array.c is outside the paths given (a symbolic link out of the tree)" err.txt &&
	! grep -q 'fardir.*rewrote' err.txt; then
	ok "a symbolic link out of the tree is refused, the file it names untouched"
else
	ko "symbolic link out of the tree (status $rc)" err.txt
fi
# Named directly, a link is judged by its folder too.
"$as" -q --rewrite o/far.c >/dev/null 2>err.txt
rc=$?
if [ $rc = 2 ] && cmp -s outside/array.c outside/keep.c && grep -q "not fixing o/far.c: its real path" err.txt; then
	ok "a symbolic link named on the command line is refused when it leaves its folder"
else
	ko "symbolic link named directly (status $rc)" err.txt
fi

# A compile database reaching one file three ways: sub/../array.c,
# array.c, and alias/array.c through a folder link. Run from elsewhere.
fresh c && mkdir c/sub && ln -s . c/alias
d=$work/c
cat >c/compile_commands.json <<JSON
[
 {"directory": "$d/sub", "file": "../array.c", "arguments": ["cc", "-c", "../array.c"]},
 {"directory": "$d", "file": "array.c", "arguments": ["cc", "-c", "array.c"]},
 {"directory": "$d", "file": "alias/array.c", "arguments": ["cc", "-c", "alias/array.c"]},
 {"directory": "$d", "file": "strbuf.c", "arguments": ["cc", "-c", "strbuf.c"]}
]
JSON
"$as" --rewrite -p c >/dev/null 2>err.txt
rc=$?
if [ $rc = 0 ] && [ "$(grep -c 'rewrote .*array.c' err.txt)" = 1 ] &&
	[ "$(grep -c '#include <asrt/asrt.h>' c/array.c)" = 1 ] && [ "$(grep -c asrt_memdup_at c/array.c)" = 1 ] &&
	grep -qx "allocscan: 2 sites fixed in 2 files, 0 refused, 0 left manual (4 files scanned)" err.txt &&
	"$as" -q --rewrite -p c >/dev/null 2>&1; then
	ok "compile database with .. and a linked folder: each file rewritten once"
else
	ko "compile database paths (status $rc)" err.txt
fi

# Leftover temporaries: only ours (exact pattern, the file beside it, a
# regular file of our user with one link) are reported by a scan and
# removed by --rewrite; look-alikes stay.
fresh l
echo partial >l/.array.c.asrw-AbC123
echo other >l/.array.c.asrw-AbC12
echo other >l/.gone.c.asrw-AbC123
ln -s array.c l/.strbuf.c.asrw-QQQQQQ
echo other >l/.strbuf.c.asrw-Hard01 && ln l/.strbuf.c.asrw-Hard01 l/hardlink
real=$(cd l && pwd -P)
"$as" -q l >/dev/null 2>err.txt
rc=$?
if [ $rc = 1 ] && [ -f l/.array.c.asrw-AbC123 ] && [ "$(grep -c asrw err.txt)" = 1 ] &&
	grep -qx "allocscan: $real/.array.c.asrw-AbC123: a temporary left by an interrupted --rewrite (--rewrite removes it)" err.txt; then
	ok "a scan reports our leftover temporary and keeps it"
else
	ko "leftover reported (status $rc)" err.txt
fi
"$as" -q --rewrite l >/dev/null 2>err.txt
rc=$?
if [ $rc = 0 ] && [ ! -e l/.array.c.asrw-AbC123 ] && [ -f l/.array.c.asrw-AbC12 ] && [ -f l/.gone.c.asrw-AbC123 ] &&
	[ -L l/.strbuf.c.asrw-QQQQQQ ] && [ -f l/.strbuf.c.asrw-Hard01 ] && cmp -s l/array.c want/array.c &&
	grep -qx "allocscan: removed $real/.array.c.asrw-AbC123, a temporary left by an interrupted --rewrite" err.txt; then
	ok "--rewrite removes our leftover temporary, look-alikes kept"
else
	ko "leftover removed (status $rc)" err.txt
fi

echo "$pass passed, $fail failed"
[ $fail = 0 ]
