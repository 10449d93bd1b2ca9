#!/usr/bin/env bash
# Worker-process isolation: a unit that crashes libclang, one that hangs it
# and one whose analysis crashes (ALLOCSCAN_TEST_CRASH) are each named in one
# line and counted, while every other unit's findings are reported; and an
# isolated scan reports exactly what a scan on threads (--no-isolate) does.
# Usage: isolate.sh ALLOCSCAN SOURCE-ROOT
set -u
as=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
root=$(cd "$2" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 2
pass=0
fail=0

ok() { echo "ok: $1"; pass=$((pass + 1)); }
bad() { echo "FAIL: $1"; fail=$((fail + 1)); }

# The report with its run times as T.
untimed() { sed -e '/"seconds":/d' -e 's/[0-9][0-9]*\.[0-9][0-9] s\b/T s/g' "$@"; }

mkdir tree good
cp "$root/examples/minirt/"*.c "$root/examples/minirt/"*.h tree/
cp tree/* good/
# libclang 14 overflows its parser's stack on a long chain of unary minus.
{ printf 'int f(int x) { return '; for ((i = 0; i < 20000; i++)); do printf -- '- '; done; printf 'x; }\n'; } >tree/crash.c
# 2^40 tokens for the preprocessor to evaluate, in constant memory.
{ echo '#define A0 1+'; for ((i = 1; i <= 40; i++)); do echo "#define A$i A$((i - 1)) A$((i - 1))"; done
  printf '#if A40 0\n#endif\nint g(void) { return 0; }\n'; } >tree/hang.c
# A unit libclang parses well, whose analysis the test hook crashes.
printf '#include <stdlib.h>\n#include <string.h>\nchar *h(const char *s, size_t n) { char *p = malloc(n); memcpy(p, s, n); return p; }\n' >tree/hook.c

ALLOCSCAN_TEST_CRASH=hook.c "$as" -q -j2 --timeout 2 --format json tree >bad.json 2>bad.err
rc=$?
"$as" -q -j2 --format json good >good.json 2>good.err
sort bad.err >bad.sorted
cat >want.err <<'END'
allocscan: 6 files (3 with errors, of which 3 crashed or timed out), 1 alloc-copy, 1 realloc-churn, 1 dup-call, 0 object-copy in T s
allocscan: tree/crash.c: crashed (signal 11: Segmentation fault); skipped
allocscan: tree/hang.c: timed out after 2 s; skipped
allocscan: tree/hook.c: crashed (signal 11: Segmentation fault); skipped
END
if [ $rc = 2 ] && untimed bad.sorted | diff -u want.err - ; then
	ok "crashing, hanging and crashing-analysis units named in one line each, status 2"
else
	bad "bad units (status $rc)"; cat bad.err
fi
if diff <(untimed good.json | sed '/"files/d; s,"good/,"tree/,') <(untimed bad.json | sed '/"files/d'); then
	ok "the other units' findings all reported"
else
	bad "findings of the good units differ"
fi

# Isolated and threaded scans agree: JSON reports and the fixes' diffs.
same() {
	local title=$1 o=$work
	shift
	"$as" -q "$@" >"$o/iso.out" 2>"$o/iso.err"
	local rc1=$?
	"$as" -q --no-isolate "$@" >"$o/thr.out" 2>"$o/thr.err"
	local rc2=$?
	if [ $rc1 = $rc2 ] && diff <(untimed "$o/iso.out") <(untimed "$o/thr.out") >/dev/null &&
	   diff <(untimed "$o/iso.err") <(untimed "$o/thr.err") >/dev/null; then
		ok "isolated = threads: $title"
	else
		bad "isolated != threads: $title (status $rc1 vs $rc2)"
		diff <(untimed "$o/iso.out") <(untimed "$o/thr.out") | head -20
		diff <(untimed "$o/iso.err") <(untimed "$o/thr.err") | head -20
	fi
}
# Paths as the fixtures' other tests give them (the reports name them).
cd "$root" || exit 2
same "examples, json" --format json examples/minirt
for d in tests/fixtures/*/; do
	case $d in */include/) continue ;; esac
	same "$d json" --format json --rules ruby "$d" -- -Itests/fixtures/include
	same "$d diff" --diff --rules ruby "$d" -- -Itests/fixtures/include
done
same "xunit compile database, json" --format json -p tests/fixtures/xunit
same "xunit compile database, diff" --diff -p tests/fixtures/xunit
same "xunit per unit" --format json --per-unit -p tests/fixtures/xunit

# A unit whose analysis crashes in a whole-program pass keeps what the first
# pass found (--per-unit finds the same); the others' findings stand.
d=tests/fixtures/xunit
ALLOCSCAN_TEST_CRASH=+caller.c "$as" -q --format json $d >"$work/later.json" 2>"$work/later.err"
rc=$?
"$as" -q --format json $d >"$work/full.json" 2>/dev/null
"$as" -q --format json --per-unit $d >"$work/first.json" 2>/dev/null
if [ $rc = 2 ] && untimed "$work/later.err" | diff -u - <(cat <<END
allocscan: $d/caller.c: crashed (signal 11: Segmentation fault); skipped
allocscan: 7 files (1 with errors, of which 1 crashed or timed out), 2 alloc-copy, 3 realloc-churn, 0 dup-call, 0 object-copy in T s (3 units parsed again for helpers of other units: T s)
allocscan: note: 1 function defined differently in two units of one program, left out of the whole-program summaries (sites through it are not seen): blob_new
END
) && python3 - "$work" $d/caller.c <<'END'
import json, sys
w, unit = sys.argv[1], sys.argv[2]
f = {n: json.load(open(f"{w}/{n}.json"))["findings"] for n in ("later", "full", "first")}
mine = lambda l: [x for x in l if x["file"] == unit]
# A grower's callers, and the value they give it, come from the other
# units' loops: the lost unit's are missing.
own = lambda x: {k: v for k, v in x.items() if k not in ("callers", "value", "value_reasons")}
rest = lambda l: [own(x) for x in l if x["file"] != unit]
sys.exit(not (mine(f["later"]) == mine(f["first"]) and rest(f["later"]) == rest(f["full"]) and len(mine(f["full"])) > 0))
END
then
	ok "a unit lost in a later pass: named, its first-pass findings kept, the others' unchanged"
else
	bad "unit lost in a later pass (status $rc)"; cat "$work/later.err"
fi

echo "$pass passed, $fail failed"
[ $fail = 0 ]
