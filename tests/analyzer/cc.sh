#!/usr/bin/env bash
# allocscan-cc and allocscan merge: two projects (tests/fixtures/xunit, with
# one unit compiled from a subfolder, and examples/minirt) built with make
# CC="allocscan-cc cc" report, merged, the findings of 'allocscan -p' over
# the same compile commands, finding for finding, in JSON and SARIF; the
# compiler's output, objects and status are the same with the wrapper and
# without (a failing compile, a crash in the analysis); no ALLOCSCAN_OUT
# writes nothing; a damaged, foreign or stale unit file is one line, exit 2.
# Usage: cc.sh ALLOCSCAN ALLOCSCAN-CC ROOT PYTHON3
set -u
as=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
cc_=$(cd "$(dirname "$2")" && pwd)/$(basename "$2")
root=$(cd "$3" && pwd)
py=$4
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 2
pass=0 fail=0
ok() { echo "ok: $1"; pass=$((pass + 1)); }
ko() { echo "FAIL: $1"; shift; for f in "$@"; do [ -f "$f" ] && sed 's/^/  /' "$f"; done; fail=$((fail + 1)); }

# The findings arrays of two JSON reports, and of two SARIF logs' results:
# equal, and how many (and how many cross units, with a path of helpers).
compare() {
	"$py" - "$@" <<'PY'
import json, sys
a, b, c, d = (json.load(open(f)) for f in sys.argv[1:5])
fa, fb = a["findings"], b["findings"]
same = fa == fb and c["runs"][0]["results"] == d["runs"][0]["results"] and a["notices"] == b["notices"]
cross = sum(1 for f in fa if f.get("path"))
print("%s %d %d %d" % ("same" if same else "different", len(fa), len(fb), cross))
PY
}

# build NAME SRC-DIR FLAGS: copies SRC-DIR's C files into NAME, builds them
# with make CC="allocscan-cc cc" into NAME/units and writes the database of
# the same commands; compile.log has make's output.
build() {
	local name=$1 src=$2 flags=$3 objs="" entries="" sep=""
	mkdir -p "$name" && cp "$src"/*.[ch] "$name"/
	for c in "$name"/*.c; do
		c=${c##*/}
		objs="$objs ${c%.c}.o"
		entries="$entries$sep{\"directory\": \"$work/$name\", \"file\": \"$c\", \"arguments\": [\"cc\", $(printf '"%s", ' $flags)\"-c\", \"$c\", \"-o\", \"${c%.c}.o\"]}"
		sep=", "
	done
	echo "[$entries]" >"$name/compile_commands.json"
	printf 'all:%s\n%%.o: %%.c\n\t$(CC) %s -c $< -o $@\n' "$objs" "$flags" >"$name/Makefile"
	ALLOCSCAN_OUT=$work/$name/units make -s -C "$name" CC="$cc_ cc" >"$name/compile.log" 2>&1
}

# xunit: one unit compiled from a subfolder, as a recursive make would;
# 5 of its findings cross units. minirt: flags of its own.
mkdir -p xunit/sub xunit/units
build xunit "$root/tests/fixtures/xunit" "-std=c11 -Wall"
rm xunit/units/caller.c.*.asunit
(cd xunit/sub && ALLOCSCAN_OUT=$work/xunit/units "$cc_" cc -std=c11 -Wall -c ../caller.c -o ../caller.o) 2>>xunit/compile.log
"$py" - xunit/compile_commands.json "$work/xunit" <<'PY'
import json, sys
db = json.load(open(sys.argv[1]))
for e in db:
    if e["file"] == "caller.c":
        e["directory"] = sys.argv[2] + "/sub"
        e["file"] = "../caller.c"
        e["arguments"] = ["cc", "-std=c11", "-Wall", "-c", "../caller.c", "-o", "../caller.o"]
json.dump(db, open(sys.argv[1], "w"))
PY
mkdir -p minirt/units
build minirt "$root/examples/minirt" "-Wall -O1"

for p in xunit minirt; do
	n=$(ls "$p"/*.c | wc -l)
	units=$(ls "$p"/units/*.asunit 2>/dev/null | wc -l)
	"$as" merge "$p/units" --format json -o m.json 2>m.err
	rc_m=$?
	"$as" merge "$p/units" --format sarif -o m.sarif 2>>m.err
	"$as" -p "$p" --format json -o w.json 2>w.err
	rc_w=$?
	"$as" -p "$p" --format sarif -o w.sarif 2>>w.err
	read -r verdict nm nw cross < <(compare m.json w.json m.sarif w.sarif)
	if [ "$units" = "$n" ] && [ "$rc_m" = "$rc_w" ] && [ "$verdict" = same ] && [ "$nm" -gt 0 ] && { [ "$cross" -gt 0 ] || [ $p = minirt ]; } &&
		[ ! -s "$p/compile.log" ] && diff <(sed 's/ in [0-9.]* s.*//' m.err) <(sed 's/ in [0-9.]* s.*//' w.err) >d.txt; then
		ok "$p: $units units built, merged: findings equal to allocscan -p's ($nm of $nw, $cross across units; JSON, SARIF, status $rc_m)"
	else
		ko "$p: $units of $n units, merge status $rc_m, scan $rc_w: $verdict $nm $nw $cross" "$p/compile.log" m.err w.err d.txt
	fi
done

# Merged from another folder, the paths are that folder's, as a scan's.
(cd xunit && "$as" merge units --format json -o ../m2.json 2>/dev/null; "$as" -p . --format json -o ../w2.json 2>/dev/null)
"$as" merge xunit/units --format sarif -o m.sarif 2>/dev/null
"$as" -p xunit --format sarif -o w.sarif 2>/dev/null
read -r verdict nm _ _ < <(compare m2.json w2.json m.sarif w.sarif)
grep -q '"file": "caller.c"' m2.json && [ "$verdict" = same ] && ok "merged in the project's folder: paths as a scan's there ($nm findings)" ||
	ko "merged in the project's folder: $verdict" m2.json

# The compiler's own output, objects and status, with the wrapper and without.
mkdir -p out units2
printf 'int f(int x) { int unused; return x; }\n' >warn.c
printf 'int g(void) { return undeclared; }\n' >bad.c
same_as_cc() {
	local title=$1
	shift
	rm -f cc.o wr.o
	cc "$@" >cc.out 2>cc.err
	local rc_cc=$?
	[ -e cc.o ] || [ -e a.o ] && mv -f a.o cc.o 2>/dev/null
	ALLOCSCAN_OUT=$work/units2 "$cc_" cc "$@" >wr.out 2>wr.err
	local rc_wr=$?
	if [ "$rc_cc" = "$rc_wr" ] && cmp -s cc.out wr.out && cmp -s cc.err wr.err; then
		ok "$title: status $rc_wr, stdout and stderr byte for byte the compiler's ($(wc -c <wr.err) bytes of stderr)"
	else
		ko "$title: status $rc_wr (compiler: $rc_cc)" wr.err cc.err
	fi
}
same_as_cc "a compile with warnings" -Wall -c warn.c -o warn.o
cp warn.o warn.cc.o
ALLOCSCAN_OUT=$work/units2 "$cc_" cc -Wall -c warn.c -o warn.o 2>/dev/null
cmp -s warn.o warn.cc.o && ok "the object file is the compiler's" || ko "the object file differs"
same_as_cc "a failing compile" -c bad.c -o bad.o
same_as_cc "preprocessing to stdout (-E)" -E warn.c
ls units2/ >units2.txt
[ "$(cat units2.txt)" = "$(ls units2/ | grep '^warn\.c\..*\.asunit$')" ] && [ "$(wc -l <units2.txt)" = 1 ] &&
	ok "unit files for the compiles that succeeded only (-E and the failing one: none)" || ko "unit files written" units2.txt

"$cc_" false >f.out 2>&1
rc=$?
"$cc_" no-such-compiler-here -c warn.c >n.out 2>n.err
rc_n=$?
[ $rc = 1 ] && [ ! -s f.out ] && [ $rc_n = 127 ] && grep -q '^allocscan-cc: no-such-compiler-here: ' n.err &&
	ok "the compiler's status (1), and 127 when it cannot be run" || ko "statuses $rc, $rc_n" f.out n.err

# A link and a compile without ALLOCSCAN_OUT write nothing.
mkdir -p quiet && cd quiet
cp "$root/examples/minirt/"*.[ch] .
before=$(find "$work" -name '*.asunit' | wc -l)
"$cc_" cc -c array.c -o array.o && "$cc_" cc -c strbuf.c -o strbuf.o &&
	env ALLOCSCAN_OUT= "$cc_" cc -c symbols.c -o symbols.o && ALLOCSCAN_OUT=$work/units2 "$cc_" cc -shared array.o strbuf.o symbols.o -o libm.so
after=$(find "$work" -name '*.asunit' | wc -l)
[ "$before" = "$after" ] && [ -e libm.so ] && [ "$(ls | sort | tr '\n' ' ')" = "array.c array.o libm.so minirt.h strbuf.c strbuf.o symbols.c symbols.o " ] &&
	ok "ALLOCSCAN_OUT unset or empty, and a link: compiled, nothing else written" || ko "files written: $before -> $after, $(ls)"
cd "$work"

# A crash in the analysis: the build goes on, one line says so; none for a
# configure probe.
mkdir -p units3
ALLOCSCAN_TEST_CRASH=warn.c ALLOCSCAN_OUT=$work/units3 "$cc_" cc -c warn.c -o warn.o 2>crash.err
rc=$?
cp warn.c conftest.c
ALLOCSCAN_TEST_CRASH=conftest.c ALLOCSCAN_OUT=$work/units3 "$cc_" cc -c conftest.c -o conftest.o 2>probe.err
rc_p=$?
[ $rc = 0 ] && [ $rc_p = 0 ] && [ "$(wc -l <crash.err)" = 1 ] && grep -q '^allocscan-cc: the analysis ended by signal 11' crash.err &&
	[ ! -s probe.err ] && [ -z "$(ls units3)" ] && ok "a crash in the analysis: status 0, one line (none for conftest.c), no unit file" ||
	ko "a crash in the analysis: $rc, $rc_p" crash.err probe.err

# A configure probe is compiled only: configure deletes conftest.c, and a
# unit of it would be merged with the program (findings in conftest.c).
rm -f conftest.o
ALLOCSCAN_OUT=$work/units4 "$cc_" cc -c conftest.c -o conftest.o 2>probe4.err
rc=$?
ALLOCSCAN_OUT=$work/units4 "$cc_" cc -c warn.c -o warn.o 2>>probe4.err
[ $rc = 0 ] && [ -e conftest.o ] && [ ! -s probe4.err ] && [ "$(ls units4 | sed 's/\..*//')" = warn ] &&
	ok "a configure probe (conftest.c): compiled, no unit file" || ko "a configure probe: $rc, units: $(ls units4)" probe4.err

# Damaged, foreign, stale or mixed unit files: one line, status 2.
refused() {
	local title=$1 want=$2
	"$as" merge bad --format json >b.out 2>b.err
	local rc=$?
	if [ $rc = 2 ] && [ "$(wc -l <b.err)" = 1 ] && grep -q -- "$want" b.err && [ ! -s b.out ]; then
		ok "$title: status 2, '$(cat b.err)'"
	else
		ko "$title: status $rc" b.err
	fi
	rm -rf bad
}
unit=$(ls xunit/units/mem.c.*.asunit)
mkdir bad && head -c 200 "$unit" >bad/mem.asunit
refused "a truncated unit file" "bad/mem.asunit: a damaged allocscan unit file"
mkdir bad && printf 'int x;\n' >bad/x.asunit
refused "a foreign file" "bad/x.asunit: not an allocscan unit file"
mkdir bad && "$py" -c 'import sys; d = open(sys.argv[1], "rb").read(); n = int.from_bytes(d[15:23], "little"); open(sys.argv[2], "wb").write(d[:23] + b"9" * n + d[23 + n:])' "$unit" bad/old.asunit
refused "a unit of another version" "bad/old.asunit: written by allocscan 9"
mkdir bad other && cp xunit/units/*.asunit bad/ &&
	ALLOCSCAN_RULES=ruby ALLOCSCAN_OUT=$work/other "$cc_" cc -std=c11 -c xunit/vec.c -o vec.o && mv other/*.asunit bad/zz.asunit
refused "units analysed with other packs" "bad/zz.asunit: analysed with other rule packs than"
mkdir bad && cp "$root/rules/libc.json" mypack.json &&
	ALLOCSCAN_RULES=$work/mypack.json ALLOCSCAN_OUT=$work/bad "$cc_" cc -c warn.c -o warn.o && echo ' ' >>mypack.json
refused "a pack changed since" "mypack.json: the rule pack changed since the units were analysed"
mkdir bad
refused "a folder without units" "bad: no unit files"
"$as" merge xunit/units --rewrite >/dev/null 2>r.err
[ $? = 2 ] && grep -q "merge reports on the units analysed in the build: --rewrite is not for it" r.err &&
	ok "merge refuses --rewrite" || ko "merge --rewrite" r.err

echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
