#!/usr/bin/env bash
# The whole loop on a built program: instrument it, build it with its own
# flags (-Wall -Wextra -Werror) against the runtime, run it (its output
# unchanged), and join the profile it writes: every count exact, the
# finding never called never reached; the moves of the realloc loop are
# the allocator's to choose, so they are bounded, not fixed.
# Usage: e2e.sh ALLOCSCAN SOURCE-ROOT PYTHON3 LIBASRT_CORE_A CC
set -u
. "$(dirname "$0")/../ecosystem/lib.sh"
lib=$4 cc=$5
flags="-std=c11 -O1 -Wall -Wextra -Werror"

cp "$root/tests/profile/src/prog.c" "$root/tests/profile/src/pack.json" .
$cc $flags -o orig prog.c && ./orig >orig.txt || ko "the original does not build or run"
"$as" -q --rules pack.json --instrument prog.c 2>err.txt || ko "--instrument failed" err.txt
if $cc $flags -I"$root/runtime/include" -o probed prog.c "$lib" -lpthread -ldl 2>cc.txt; then
	ok "the instrumented program builds with -Wall -Wextra -Werror"
else
	ko "the instrumented program does not build" cc.txt
fi
ASRT_PROFILE=$work/prof.json ./probed >probed.txt
cmp -s orig.txt probed.txt && ok "its output is the original's" || ko "output changed" probed.txt
ASRT_PROFILE=$work/prof-%p.json ./probed >/dev/null
ls prof-*.json >/dev/null 2>&1 && ok "%p names a profile per process" || ko "no prof-PID.json written"

cp "$root/tests/profile/src/prog.c" fresh.c
"$as" -q --rules pack.json --profile prof.json --format json fresh.c 2>&1 >j.json | grep 'profile:' >err.txt
# Another file name: the profile's sites are prog.c's, matched to nothing.
same "the profile names prog.c's sites, not fresh.c's" err.txt "allocscan: profile: 0 sites matched, 6 ignored (0 whose code changed, 6 not among the findings); 7 findings never reached"
"$as" -q --rules pack.json --profile prof.json --format json "$root/tests/profile/src/prog.c" 2>&1 >j.json | grep 'profile:' >err.txt
same "every reached site matched" err.txt "allocscan: profile: 6 sites matched, 0 ignored (0 whose code changed, 0 not among the findings); 1 finding never reached"
if "$py" - j.json <<'PY'
import json, sys
m = {f["line"]: f["measured"] for f in json.load(open(sys.argv[1]))["findings"]}
def has(line, **want):
    got = {k: m[line][k] for k in want}
    assert got == want, (line, got, want)
# copy_bytes(text, 10 | 20 | 30)
has(15, reached=True, allocs=3, bytes_alloc=60, copies=3, bytes_copied=60, largest=30)
# copy_ints(nums, 5) twice, then with 0 (no copy: the if)
has(26, allocs=3, bytes_alloc=40, copies=2, bytes_copied=40, largest=20)
# grow_chars(50): realloc(buf, len + 2) for len 0..49
has(39, reallocs=50, bytes_realloc=sum(range(2, 52)), largest=51)
assert 1 <= m[39]["moves"] <= 50 and m[39]["bytes_moved"] <= sum(range(2, 52)), m[39]
# grow_ints(20): REALLOC_N(v, int, i + 1)
has(56, reallocs=20, bytes_realloc=4 * sum(range(1, 21)), largest=80)
assert 1 <= m[56]["moves"] <= 20, m[56]
# strdup of "a", "bb", "ccc", "dddd"
has(70, dups=4, bytes_dup=2 + 3 + 4 + 5, largest=5)
# the loop calling copy_bytes: counted, its bytes a helper's
has(94, dups=3, bytes_dup=0)
has(80, reached=False)
PY
then ok "the measured counts are exact"; else ko "measured counts" j.json; fi
finish
