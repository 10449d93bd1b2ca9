#!/bin/sh
# differential.sh ASRT-BUILD LIBC-BUILD [ARGS]: the same seeded sequence
# against libasrt and the system malloc; outputs must be equal, both clean.
set -u
a=$1 b=$2
shift 2
out=${TMPDIR:-/tmp}/as-differential.$$
"$a" "$@" >"$out.asrt" || { cat "$out.asrt"; echo "libasrt run failed"; rm -f "$out".*; exit 1; }
"$b" "$@" >"$out.libc" || { cat "$out.libc"; echo "system malloc run failed"; rm -f "$out".*; exit 1; }
cat "$out.asrt"
if ! diff "$out.libc" "$out.asrt"; then
	echo "libasrt and the system malloc differ"
	rm -f "$out".*
	exit 1
fi
echo "identical to the system malloc"
rm -f "$out".*
