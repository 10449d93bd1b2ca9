#!/usr/bin/env bash
# Rewrite round trip of one program: build and run it; check its annotations;
# allocscan --rewrite; every line outside the rewritten statements keeps
# its number (lines_kept.py); compare with the reviewed PROG.fixed.c; a
# second run changes nothing; the rewritten program builds with -Wall -Wextra -Werror
# against asrt_core, prints the same, and is clean under AddressSanitizer
# (with UBSan) and valgrind. PROG.h, if any, is the program's own header;
# PROG.reasons, if any, is the reviewed list of each finding's line, fix
# class and reason, which must match the report exactly. PROG.rules.json, if
# any, is a rule pack the first line names ("// allocscan-args: --rules
# PROG.rules.json": options only, given to every scan).
# Usage: roundtrip.sh ALLOCSCAN ROOT PROG.c ASRT_CORE_LIB [PYTHON3]
set -u
as=$1 root=$2 prog=$3 lib=$4 py=${5:-python3}
name=$(basename "$prog" .c)
here=$(cd "$(dirname "$prog")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
die() { echo "FAIL $name: $*"; exit 1; }
cc=${CC:-cc}
flags="-std=gnu11 -Wall -Wextra -Werror -O1 -g"
inc="-I$root/runtime/include"

cp "$prog" "$work/$name.c"
[ -f "$here/$name.h" ] && cp "$here/$name.h" "$work/$name.h"
[ -f "$here/$name.rules.json" ] && cp "$here/$name.rules.json" "$work/$name.rules.json"
read -r -a args < <(sed -n '1s|^// allocscan-args: ||p' "$prog")
cd "$work" || exit 2
$cc $flags -o before "$name.c" || die "original does not build"
./before >out.before 2>&1 || die "original exits $?"
"$py" "$root/tests/analyzer/check_fixture.py" "$as" "$work/$name.c" >check.txt || { cat check.txt; die "annotations"; }
if [ -f "$here/$name.reasons" ]; then
	"$as" -q "${args[@]}" --format json "$name.c" >report.json
	"$py" -c 'import json, sys
for f in sorted(json.load(open(sys.argv[1]))["findings"], key=lambda f: f["line"]):
    print(f["line"], f["fix"] + ":", f["reason"])' report.json >reasons.txt || die "no report"
	diff -u "$here/$name.reasons" reasons.txt || die "reasons differ from $name.reasons"
fi
"$as" -q "${args[@]}" --format json "$name.c" >edits.json 2>/dev/null
"$as" -q "${args[@]}" --rewrite "$name.c" 2>rewrite.txt || { cat rewrite.txt; die "--rewrite exits $?"; }
"$py" "$root/tests/rewrite/lines_kept.py" "$prog" "$name.c" edits.json || die "the rewrite moved lines"
if [ -f "$here/$name.fixed.c" ]; then
	diff -u "$here/$name.fixed.c" "$name.c" || die "rewritten file differs from $name.fixed.c"
else
	cmp -s "$prog" "$name.c" || die "rewritten although no $name.fixed.c expects it"
fi
cp "$name.c" once.c
"$as" -q "${args[@]}" --rewrite "$name.c" 2>/dev/null || die "second --rewrite exits $?"
cmp -s once.c "$name.c" || die "second --rewrite changed the file"
$cc $flags $inc -o after "$name.c" "$lib" || die "rewritten program does not build"
./after >out.after 2>&1 || die "rewritten program exits $?"
cmp -s out.before out.after || { diff out.before out.after; die "output differs"; }
$cc $flags $inc -fsanitize=address,undefined -fno-sanitize-recover=all -o asan "$name.c" "$lib" ||
	die "ASan build fails"
ASAN_OPTIONS=detect_leaks=1 ./asan >out.asan 2>&1 || { tail -20 out.asan; die "AddressSanitizer"; }
cmp -s out.before out.asan || die "output differs under AddressSanitizer"
if command -v valgrind >/dev/null; then
	valgrind -q --error-exitcode=99 --leak-check=full --errors-for-leak-kinds=definite ./after >out.vg 2>&1 ||
		{ tail -20 out.vg; die "valgrind"; }
fi
echo "$name: $(grep -c . rewrite.txt) file(s) rewritten, same output, clean under ASan and valgrind"
