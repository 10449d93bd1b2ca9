#!/usr/bin/env bash
# End-to-end tests of allocscan's command line: each case runs one command
# and compares its exit status, and its stderr or stdout, exactly.
# Usage: cli.sh ALLOCSCAN SOURCE-ROOT
set -u
as=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
root=$(cd "$2" && pwd)
work=$(mktemp -d)
trap 'chmod -R u+w "$work"; rm -rf "$work"' EXIT
cd "$work" || exit 2
pass=0
fail=0

# check TITLE EXPECTED-STATUS EXPECTED-STDERR -- COMMAND...
check() {
	local title=$1 want_rc=$2 want_err=$3
	shift 4
	"$@" >out.txt 2>err.txt
	local rc=$?
	if [ "$rc" != "$want_rc" ] || [ "$(cat err.txt)" != "$want_err" ]; then
		echo "FAIL: $title"
		echo "  command: $*"
		echo "  status: $rc (expected $want_rc)"
		echo "  stderr: $(cat err.txt)"
		echo "  expected stderr: $want_err"
		fail=$((fail + 1))
	else
		echo "ok: $title"
		pass=$((pass + 1))
	fi
}

mkdir empty src
cp "$root/examples/minirt/"*.c "$root/examples/minirt/"*.h src/
printf 'int main(void) { return 0; }\n' >clean.c
printf 'int broken( { return; }\n' >broken.c
printf 'not C at all\n' >notes.txt
printf '{ "functions": [ { "name": "f", "role": "alloc" ] }\n' >bad-json.json
printf '{\n  "functions": [\n    { "name": "f", "role": "allok", "size": 0 }\n  ]\n}\n' >bad-role.json
printf '{\n  "macros": [\n    { "name": "->alloc", "role": "alloc", "size": 0 }\n  ]\n}\n' >bad-member.json
printf '{\n  "families": {\n    "arr": { "free": [], "share": "sub($obj, 0, $len)" }\n  }\n}\n' >bad-share.json
printf '{\n  "families": { "arr": { "free": [] } },\n  "functions": [\n    { "name": "len", "role": "object-len", "family": "arr" }\n  ]\n}\n' >bad-object.json
printf '{\n  "macros": [\n    { "name": "M", "role": "copy", "dst": 0 }\n  ]\n}\n' >bad-args.json
printf '{\n  "functions": [\n    { "name": "mk", "role": "alloc", "size": 0, "constructor": true }\n  ]\n}\n' >bad-ctor.json
printf '{\n  "functions": [\n    { "name": "resize", "role": "realloc", "ptr": 0, "size": 1, "in_place": true },\n    { "name": "mk", "role": "alloc" }\n  ]\n}\n' >bad-alloc.json
cp clean.c unreadable.c && chmod 000 unreadable.c
ln -s . src/loop

check "missing path" 2 "allocscan: nowhere: No such file or directory" -- "$as" nowhere
check "no input" 2 "allocscan: no input: give files or directories to scan, or -p BUILD-DIR
Try 'allocscan --help' for more information." -- "$as"
check "empty directory" 2 "allocscan: no C source files (*.c) to scan in empty" -- "$as" empty
check "unknown flag" 2 "allocscan: unknown option '--frobnicate'
Try 'allocscan --help' for more information." -- "$as" --frobnicate src
check "flag without value" 2 "allocscan: option '--format' needs a value
Try 'allocscan --help' for more information." -- "$as" src --format
check "bad format" 2 "allocscan: unknown format 'xml' (text, json, sarif)
Try 'allocscan --help' for more information." -- "$as" --format xml src
check "bad jobs" 2 "allocscan: -j takes a number of jobs from 1 to 1024, not 'zero'
Try 'allocscan --help' for more information." -- "$as" -j zero src
check "bad timeout" 2 "allocscan: --timeout takes a number of seconds from 0 to 86400, not '1.5'
Try 'allocscan --help' for more information." -- "$as" --timeout 1.5 src
check "timeout without workers" 2 "allocscan: --timeout needs worker processes: drop --no-isolate
Try 'allocscan --help' for more information." -- "$as" --no-isolate --timeout 5 src
check "no timeout, no workers" 1 "" -- "$as" -q --no-isolate src/array.c
check "malformed pack JSON" 2 "allocscan: bad-json.json:1: malformed JSON near \"] }
\"" -- "$as" --rules bad-json.json src
check "unknown role" 2 "allocscan: bad-role.json:3: entry \"f\": unknown role \"allok\" (alloc, realloc, free, copy, dup, grow, size-mul, read, object-copy, object-len, object-ptr)" -- "$as" --rules bad-role.json src
check "member name under macros" 2 "allocscan: bad-member.json:3: entry \"->alloc\": a member's name (\"->NAME\": calls through a struct member NAME) must be \"->\" and an identifier, under \"functions\"" -- "$as" --rules bad-member.json src
check "share without invariant" 2 "allocscan: bad-share.json:3: family \"arr\": \"share\" and \"invariant\" go together (a sharing fix rests on the runtime's invariant)" -- "$as" --rules bad-share.json src
check "accessor without object" 2 "allocscan: bad-object.json:4: entry \"len\": role needs \"object\"" -- "$as" --rules bad-object.json src
check "missing role argument" 2 "allocscan: bad-args.json:3: entry \"M\": role needs \"dst\" and \"src\"" -- "$as" --rules bad-args.json src
check "sized constructor" 2 "allocscan: bad-ctor.json:3: entry \"mk\": \"constructor\" is for entries of role alloc with no size (a fresh object of the runtime's own size)" -- "$as" --rules bad-ctor.json src
check "alloc without size" 2 "allocscan: bad-alloc.json:4: entry \"mk\": role needs \"size\" (or \"count\" with \"size\", or \"type\" for a macro, or \"constructor\": true)" -- "$as" --rules bad-alloc.json src
# Fix templates are checked as the pack loads: broken C never reaches a diff.
for t in 'unbalanced brackets|asrt_memdup_at($src, $size' 'an unknown placeholder|asrt_memdup_at($src, $sz)' \
	'a placeholder it needs is missing|asrt_memdup_at($src)' "a ';': a template is one expression|f(\$src, \$size); g()"; do
	printf '{ "families": { "m": { "free": ["free"], "memdup": "%s", "grow": null } }, "functions": [] }\n' "${t#*|}" >bad-tpl.json
	check "template: ${t%%|*}" 2 "allocscan: bad-tpl.json:1: family \"m\": \"memdup\" template: ${t%%|*}" -- "$as" --rules bad-tpl.json src
done
check "missing pack" 2 "allocscan: nosuch.json: cannot open rule pack: No such file or directory" -- "$as" --rules nosuch.json src
check "unknown bundled pack" 2 "allocscan: $root/rules/cobol.json: cannot open rule pack: No such file or directory" -- "$as" --rules cobol src
# A bundled pack's name wins over a file of that name (Ruby's build tree
# holds its binary "ruby"); ./NAME is the file.
printf 'not json' > python
check "a bundled pack's name, a file of that name here" 0 "allocscan: note: no call matched an allocator of the loaded packs (libc, python); see docs/rules.md to write a pack" -- "$as" -q --rules python clean.c
check "./NAME is the file" 2 "allocscan: ./python:1: malformed JSON near \"not json\"" -- "$as" -q --rules ./python clean.c
rm python
check "missing compile database" 2 "allocscan: nodb: No such file or directory" -- "$as" -p nodb
# A tree in which no call matches an allocator says so: nothing found
# because the packs do not describe it is not "nothing to find".
noalloc="allocscan: note: no call matched an allocator of the loaded packs (libc); see docs/rules.md to write a pack"
check "clean file" 0 "$noalloc" -- "$as" -q clean.c
check "a pack named twice is loaded once" 0 "$noalloc" -- "$as" -q --rules libc --rules libc clean.c
check "clean file, a pack loaded" 0 "allocscan: note: no call matched an allocator of the loaded packs (libc, python); see docs/rules.md to write a pack" -- "$as" -q --rules python clean.c
check "findings" 1 "" -- "$as" -q src/array.c
# A realloc entry on a function that returns void can never describe a
# block: each call of it says so (a notice), instead of a silent miss.
printf '#include <stddef.h>\nvoid grow_in_place(char **p, size_t n);\nvoid f(char **p, int k) { for (int i = 0; i < k; i++) grow_in_place(p, (size_t)i + 1); }\n' >voidre.c
printf '{ "pack": "voidre", "families": { "vr": { "free": ["free"], "memdup": null, "grow": null } }, "functions": [ { "name": "grow_in_place", "role": "realloc", "family": "vr", "ptr": 0, "size": 1 } ] }\n' >voidre.json
check "an entry that can never match" 0 "allocscan: note: voidre.c:3: in function 'f': grow_in_place returns void, so its entry of role realloc in voidre.json can never describe a block (a block resized through its pointer's address or the object holding it is \"in_place\")" -- "$as" -v --no-cache --color never --rules voidre.json voidre.c
check "non-C file named" 2 "allocscan: skipping notes.txt: not a C source file (.c)
$noalloc" -- "$as" -q notes.txt clean.c
if [ "$(id -u)" != 0 ]; then
	check "unreadable file" 2 "allocscan: skipping unreadable.c: Permission denied" -- "$as" -q unreadable.c clean.c
fi
check "symlink loop" 1 "allocscan: skipping src/loop: directory already visited (symlink loop or second path)" -- "$as" -q src

# A file that does not parse: its diagnostics, the other files still scanned.
"$as" -q --format json broken.c src/array.c >out.json 2>err.txt
rc=$?
if [ $rc = 2 ] && grep -q "broken.c:1:" err.txt && grep -q '"alloc-copy": 1' out.json; then
	echo "ok: unparsable file reported, scan goes on"
	pass=$((pass + 1))
else
	echo "FAIL: unparsable file (status $rc)"; cat err.txt
	fail=$((fail + 1))
fi

# Help is complete enough to be a man page: every option is in it.
"$as" --help >help.txt
missing=""
for opt in -p --compdb --rules --no-default-rules --format --output --color --quiet --jobs --per-unit --timeout --no-isolate --help --version "Exit status"; do
	grep -q -- "$opt" help.txt || missing="$missing $opt"
done
if [ -z "$missing" ]; then
	echo "ok: --help covers every option"; pass=$((pass + 1))
else
	echo "FAIL: --help lacks:$missing"; fail=$((fail + 1))
fi

# A compile database with relative paths, its own flags and directory.
mkdir -p db/inc db/build
printf '#include <stdlib.h>\n#include <string.h>\n#include "defs.h"\nchar *kept;\nvoid d(const char *s) { kept = malloc(N); memcpy(kept, s, N); }\n' >db/x.c
printf '#define N 16\n' >db/inc/defs.h
printf '[{"directory": "%s/db/build", "file": "../x.c", "command": "cc -c -I../inc -o x.o ../x.c"}]\n' "$work" >db/build/compile_commands.json
check "compile database" 1 "" -- "$as" -q -p db/build
# A folder named, in a project whose database is above it: its files take
# their entries' flags (the header folder is only in the entry).
mkdir -p above/src above/inc
printf '#include <stdlib.h>\n#include <string.h>\n#include "defs.h"\nchar *kept;\nvoid d(const char *s) { kept = malloc(N); memcpy(kept, s, N); }\n' >above/src/x.c
printf '#define N 16\n' >above/inc/defs.h
printf '[{"directory": "%s/above", "file": "src/x.c", "command": "cc -c -Iinc -o x.o src/x.c"}]\n' "$work" >above/compile_commands.json
check "a folder named finds the database above it" 1 "" -- "$as" -q above/src
# A relative "directory" is the database's own, wherever allocscan runs.
mkdir -p db/rel
printf '[{"directory": "../build", "file": "../x.c", "command": "cc -c -I../inc -o x.o ../x.c"}]\n' >db/rel/compile_commands.json
check "relative directory in a compile database" 1 "" -- "$as" -q -p db/rel
# A mixed project: C++ and assembly entries are no C units, left out quietly
# and counted, not an error.
printf 'int f() { return 0; }\n' >db/y.cpp
printf '\t.text\n' >db/z.S
mkdir -p db/mixed
printf '[{"directory": "%s/db/build", "file": "../x.c", "command": "cc -c -I../inc -o x.o ../x.c"},\n {"directory": "%s/db/build", "file": "../y.cpp", "command": "c++ -c -o y.o ../y.cpp"},\n {"directory": "%s/db/build", "file": "../z.S", "command": "cc -c -o z.o ../z.S"}]\n' "$work" "$work" "$work" >db/mixed/compile_commands.json
"$as" -q -p db/mixed --format json -o /dev/null 2>err.txt
rc=$?
if [ $rc = 1 ] && grep -q '(2 units not in C left out)' err.txt && ! grep -q skipping err.txt; then
	echo "ok: C++ and assembly entries left out quietly"; pass=$((pass + 1))
else
	echo "FAIL: mixed compile database (status $rc)"; cat err.txt; fail=$((fail + 1))
fi
# Without the entry's -I the header is missing: the same file fails to parse.
check "extra clang args" 1 "" -- "$as" -q db/x.c -- -Idb/inc

# Fixing: --diff changes nothing and patch -p1 applies it; --rewrite edits in
# place, keeps permissions, and a second run changes nothing.
mkdir fixme
cp "$root/examples/minirt/"*.c "$root/examples/minirt/"*.h fixme/
chmod 640 fixme/strbuf.c
cp -r fixme pristine
check "bad fix class" 2 "allocscan: --fix: unknown fix class 'inline' (memdup, share, grow)" -- "$as" -q --diff --fix inline fixme
check "fix without diff" 2 "allocscan: --fix applies to --diff, --rewrite or --export-fixes
Try 'allocscan --help' for more information." -- "$as" -q --fix grow fixme
check "diff and rewrite" 2 "allocscan: --diff and --rewrite exclude each other
Try 'allocscan --help' for more information." -- "$as" -q --diff --rewrite fixme
check "sarif and diff" 2 "allocscan: --format sarif is for reports: --diff prints a patch, --rewrite and --instrument edit files (--export-fixes FILE gives the fixes as data)
Try 'allocscan --help' for more information." -- "$as" -q --format sarif --diff fixme
check "diff" 0 "allocscan: the diff fixes 2 sites in 2 files, 0 refused, 1 left manual (3 files scanned)" -- "$as" -q --diff fixme
cp out.txt fix.patch
if diff -r pristine fixme >/dev/null && (mkdir patched && cp -r fixme patched/ && cd patched && patch -s -p1 <../fix.patch); then
	echo "ok: --diff changes nothing and applies with patch -p1"; pass=$((pass + 1))
else
	echo "FAIL: --diff"; fail=$((fail + 1))
fi
check "diff limited to grow" 0 "allocscan: the diff fixes 1 site in 1 file, 0 refused, 1 left manual (3 files scanned)" -- "$as" -q --diff --fix grow fixme
check "rewrite" 0 "allocscan: rewrote fixme/array.c: 1 site
allocscan: rewrote fixme/strbuf.c: 1 site
allocscan: 2 sites fixed in 2 files, 0 refused, 1 left manual (3 files scanned)
allocscan: link the rewritten code with asrt_core: make: \$(pkg-config --cflags --libs asrt_core); CMake: find_package(asrt), asrt::asrt_core" -- "$as" --rewrite fixme
if diff -r patched/fixme fixme >/dev/null && [ "$(stat -c %a fixme/strbuf.c)" = 640 ] &&
	[ "$(grep -c '#include <asrt/asrt.h>' fixme/array.c)" = 1 ]; then
	echo "ok: --rewrite equals the patched tree, keeps permissions, includes asrt.h once"; pass=$((pass + 1))
else
	echo "FAIL: --rewrite result"; fail=$((fail + 1))
fi
check "second rewrite changes nothing" 0 "allocscan: 0 sites fixed in 0 files, 0 refused, 1 left manual (3 files scanned)" -- "$as" -q --rewrite fixme
diff -r patched/fixme fixme >/dev/null && { echo "ok: second rewrite left the files as they were"; pass=$((pass + 1)); } ||
	{ echo "FAIL: second rewrite changed files"; fail=$((fail + 1)); }
# Site tags name the file relative to the directory holding every scanned
# file, wherever allocscan runs, as a valid C literal whatever its name.
mkdir -p odd/sub && cp pristine/array.c 'odd/sub/we"i\rd?.c' && cp pristine/*.h odd/sub/ &&
	cp pristine/strbuf.c pristine/*.h odd/
(cd odd/sub && "$as" -q --rewrite ../../odd >/dev/null 2>&1)
if grep -qF '"sub/we\"i\\rd\?.c:18"' 'odd/sub/we"i\rd?.c' &&
	cc -fsyntax-only -I"$root/runtime/include" 'odd/sub/we"i\rd?.c' 2>err.txt; then
	echo "ok: site tag relative to the tree, escaped, compiles"; pass=$((pass + 1))
else
	echo "FAIL: site tag"; grep -n '_at(' odd/sub/*.c; cat err.txt; fail=$((fail + 1))
fi
# A file with a parse error in its unit is never touched.
cp pristine/strbuf.c broken-unit.c
printf 'int oops( {\n' >>broken-unit.c
cp broken-unit.c broken-unit.orig
"$as" -q --rewrite broken-unit.c >/dev/null 2>err.txt
rc=$?
if [ $rc = 2 ] && cmp -s broken-unit.c broken-unit.orig && grep -q "not fixing broken-unit.c: its unit did not parse cleanly" err.txt; then
	echo "ok: a unit with errors is not rewritten"; pass=$((pass + 1))
else
	echo "FAIL: unit with errors (status $rc)"; cat err.txt; fail=$((fail + 1))
fi

# A read-only file is refused with its reason; the others are still fixed.
mkdir ro && cp pristine/*.c pristine/*.h ro/ && chmod 444 ro/array.c
"$as" --rewrite ro >/dev/null 2>err.txt
rc=$?
if [ $rc = 2 ] && cmp -s ro/array.c pristine/array.c && grep -q "not fixing ro/array.c: read-only" err.txt &&
	grep -q "rewrote ro/strbuf.c" err.txt && [ -z "$(ls -A ro | grep -v '\.[ch]$')" ]; then
	echo "ok: read-only file refused, the rest rewritten, no temporaries left"; pass=$((pass + 1))
else
	echo "FAIL: read-only file (status $rc)"; cat err.txt; ls -la ro; fail=$((fail + 1))
fi

# A pack function inside a project's macro that casts its arguments: the
# report names the buffer and the size as written in the invocation.
"$as" -q "$root/tests/fixtures/realloc-churn/project_macro.c" >out.txt 2>err.txt
if grep -qF "warning: 'names' is regrown by realloc to 'sizeof(char *) * count' on every pass" out.txt; then
	echo "ok: arguments named as written inside a project's macro"; pass=$((pass + 1))
else
	echo "FAIL: arguments named as written inside a project's macro"; grep warning: out.txt; fail=$((fail + 1))
fi

# Programs: a directory named is one program, so are the files named on
# their own; two directories named are two programs, never merged.
mkdir -p prog/all prog/lib prog/app
cp "$root/tests/fixtures/xunit/"*.c "$root/tests/fixtures/xunit/"*.h prog/all/
cp prog/all/*.h prog/all/mem.c prog/all/vec.c prog/all/dup.c prog/all/grow.c prog/all/blob.c prog/lib/
cp prog/all/*.h prog/all/caller.c prog/all/grow_users.c prog/app/
counts() { "$as" -q --format json "$@" 2>&1 >/dev/null | grep -v '^allocscan: note:' | sed 's/ in [0-9.]* s.*//'; }
program_case() {
	local title=$1 want=$2
	shift 2
	local got
	got=$(counts "$@")
	if [ "$got" = "$want" ]; then
		echo "ok: $title"; pass=$((pass + 1))
	else
		echo "FAIL: $title: $got (expected $want)"; fail=$((fail + 1))
	fi
}
program_case "a directory is one program" "allocscan: 7 files, 4 alloc-copy, 3 realloc-churn, 1 dup-call, 0 object-copy" prog/all
program_case "--per-unit: helpers within each unit only" "allocscan: 7 files, 1 alloc-copy, 2 realloc-churn, 0 dup-call, 0 object-copy" --per-unit prog/all
program_case "two directories are two programs" "allocscan: 7 files, 1 alloc-copy, 2 realloc-churn, 0 dup-call, 0 object-copy" prog/lib prog/app
program_case "files named on their own are one program" "allocscan: 7 files, 4 alloc-copy, 3 realloc-churn, 1 dup-call, 0 object-copy" prog/lib/*.c prog/app/*.c -- -Iprog/lib

# A name two units of one program define differently (blob_new in mem.c and
# blob.c) is left out of the summaries, and the report says so.
"$as" -q --format json prog/all >out.json 2>err.txt
if grep -qx 'allocscan: note: 1 function defined differently in two units of one program, left out of the whole-program summaries (sites through it are not seen): blob_new' err.txt &&
	grep -q '"conflicts": \[ "blob_new" \],' out.json && "$as" -q prog/all | grep -q '^allocscan: note: .*: blob_new$' &&
	! "$as" -q --format json prog/app 2>&1 >/dev/null | grep -q 'note: .*defined differently'; then
	echo "ok: conflicting definitions are named in the report"; pass=$((pass + 1))
else
	echo "FAIL: conflicting definitions"; cat err.txt; fail=$((fail + 1))
fi

# What the analysis cannot model is named: counted in the text report,
# listed with -v, in the JSON notices and the SARIF notifications.
printf '#include <stdlib.h>\n#include <string.h>\nchar *f(const char *s, size_t n)\n{\n\tchar *p = malloc(n);\n\tif (!p)\n\t\treturn 0;\n\tmemcpy(p, s, ({ n; }));\n\treturn p;\n}\n' >unread.c
unread="unread.c:8: in function 'f': the sizes of malloc (line 5) and memcpy could not be compared (an expression the analysis cannot read): not reported"
check "unmodelled site counted" 0 "allocscan: note: 1 site the analysis could not model left unchecked (-v lists them)" -- "$as" -q --color never unread.c
check "unmodelled site listed with -v" 0 "allocscan: note: $unread" -- "$as" -q -v --no-cache unread.c
"$as" -q --format json unread.c 2>/dev/null >out.json
"$as" -q --format sarif unread.c 2>/dev/null >out.sarif
if python3 -c 'import json,sys; j=json.load(open("out.json")); s=json.load(open("out.sarif")); n=s["runs"][0]["invocations"][0]["toolExecutionNotifications"]; sys.exit(not (j["notices"] == [sys.argv[1]] and [x["message"]["text"] for x in n] == [sys.argv[1]]))' "$unread"; then
	echo "ok: unmodelled site in JSON notices and SARIF notifications"; pass=$((pass + 1))
else
	echo "FAIL: unmodelled site in JSON and SARIF"; fail=$((fail + 1))
fi

# A regrowth in a loop whose size changes in a way classed neither additive
# nor geometric is never reported on a guess, and is said among the notices.
printf '#include <stdlib.h>\nstruct v { int *p; size_t n, cap; };\nvoid f(struct v *a, int k)\n{\n\tfor (int i = 0; i < k; i++) {\n\t\ta->cap = a->cap * a->cap;\n\t\tint *q = realloc(a->p, a->cap * sizeof *q);\n\t\tif (!q)\n\t\t\treturn;\n\t\ta->p = q;\n\t\ta->p[a->n++] = i;\n\t}\n}\n' >unclassed.c
check "unclassed growth is not reported, and said" 0 "allocscan: note: unclassed.c:7: in function 'f': realloc in the loop at line 5: its size changes there in a way classed neither additive nor geometric; not reported" -- "$as" -q -v --no-cache unclassed.c

# --explain-summary prints what a helper is summarised as, and the helpers
# under it; a name no unit defines is exit status 1.
# A grower's looping callers are its evidence, in JSON and in SARIF alike.
"$as" -q --format json prog/all 2>/dev/null >callers.json
"$as" -q --format sarif prog/all 2>/dev/null >callers.sarif
if python3 -c 'import json,sys; j=[f["callers"] for f in json.load(open("callers.json"))["findings"] if f.get("callers")]; s=[r["properties"]["callers"] for r in json.load(open("callers.sarif"))["runs"][0]["results"] if "callers" in r["properties"]]; sys.exit(not (j and sorted(j) == sorted(s)))'; then
	echo "ok: callers in JSON and SARIF"; pass=$((pass + 1))
else
	echo "FAIL: callers in JSON and SARIF"; fail=$((fail + 1))
fi

fx=$root/tests/fixtures/summaries
check "explain a chained summary" 0 "" -- "$as" -q --rules ruby --explain-summary ary_new "$fx/object.c" -- -I"$fx/../include"
if [ "$(sed "s#$fx/##g" out.txt)" = "object.c:27: ary_new: returns a fresh object whose field 'ptr' is a fresh block of 8 * 'capa' (#0) bytes (ruby_xmalloc)
  via ary_alloc (object.c:11): returns a fresh object whose field 'ptr' is a fresh block of 8 * 'capa' (#0) bytes (ruby_xmalloc)" ]; then
	echo "ok: explained summary text"; pass=$((pass + 1))
else
	echo "FAIL: explained summary text"; cat out.txt; fail=$((fail + 1))
fi
check "explain a function with no summary" 0 "" -- "$as" -q --rules ruby --explain-summary ary_concat "$fx/object.c" -- -I"$fx/../include"
grep -q "ary_concat: no summary" out.txt && { echo "ok: no summary is said"; pass=$((pass + 1)); } ||
	{ echo "FAIL: no summary is said"; cat out.txt; fail=$((fail + 1)); }
check "explain an undefined function" 1 "allocscan: no scanned unit defines nosuch" -- "$as" -q --explain-summary nosuch "$fx/object.c" -- -I"$fx/../include"

# A path longer than PATH_MAX: its error keeps the reason, the middle of
# the path elided.
long=/$(printf 'd%.0s' $(seq 250))
long=$long$long$long$long$long$long$long$long$long$long$long$long$long$long$long$long$long/x.c
check "a path longer than PATH_MAX" 2 "allocscan: ${long:0:160}...${long: -160}: File name too long" -- "$as" -q "$long"

echo "$pass passed, $fail failed"
[ $fail = 0 ]
