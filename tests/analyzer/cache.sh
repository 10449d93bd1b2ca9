#!/usr/bin/env bash
# The cache of results (docs/usage.md, "The cache"), over a copy of
# tests/fixtures/xunit (7 units, findings across units) in which two units
# include a header of their own: a scan that fills the cache and the scans
# that read it report exactly what a scan without it does (JSON, SARIF,
# text, --diff; times aside); an unchanged rescan parses no unit (-v counts
# what came from the cache); a touched header costs nothing, a changed one
# the units that include it; a helper whose summary changes has its callers
# analysed again; other packs, flags or options miss; --no-cache writes
# nothing; damaged entries are misses; two scans at once leave a usable
# cache. XDG_CACHE_HOME is a folder of this test's.
# Usage: cache.sh ALLOCSCAN ROOT PYTHON3
set -u
as=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
root=$(cd "$2" && pwd)
py=$3
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 2
unset ALLOCSCAN_TEST_CRASH
export XDG_CACHE_HOME=$work/cache
pass=0 fail=0
ok() { echo "ok: $1"; pass=$((pass + 1)); }
ko() { echo "FAIL: $1"; shift; for f in "$@"; do [ -f "$f" ] && sed 's/^/  /' "$f"; done; fail=$((fail + 1)); }

mkdir proj && cp "$root"/tests/fixtures/xunit/*.[ch] "$root"/tests/fixtures/xunit/compile_commands.json proj/
printf '/* Included by dup.c and grow.c only. */\n#define XUNIT_EXTRA 1\n' >proj/extra.h
for f in dup.c grow.c; do echo '#include "extra.h"' >>"proj/$f"; done

# scan NAME FORMAT ARGS...: allocscan -v in proj, the report in NAME.out
# (times taken out), stderr in NAME.err, the status in NAME.rc.
scan() {
	local name=$1 fmt=$2
	shift 2
	(cd proj && "$as" -v -p . --format "$fmt" "$@" >"../$name.raw" 2>"../$name.err")
	echo $? >"$name.rc"
	sed -E -e 's/"seconds": [0-9.]+/"seconds": T/' -e 's/ in [0-9.]+ s/ in T s/' -e 's/: [0-9.]+ s\)/: T s)/' \
		"$name.raw" >"$name.out"
}
# The -v line: "U/N R/M" (units and later analyses from the cache) and
# the unreadable entries.
counts() { sed -n -E 's/^allocscan: cache: ([0-9]+) of ([0-9]+) units and ([0-9]+) of ([0-9]+) later analyses from the cache \(([0-9]+) entries unreadable\)$/\1\/\2 \3\/\4 bad=\5/p' "$1.err"; }
# same A B: A's report and status are B's.
same() { cmp -s "$1.out" "$2.out" && cmp -s "$1.rc" "$2.rc"; }
# ref NAME: the scan without the cache, in every format, as NAME-FMT.
ref() {
	for fmt in json sarif text; do scan "$1-$fmt" "$fmt" --no-cache; done
	scan "$1-diff" text --no-cache --diff
}
findings() { "$py" -c 'import json,sys; print(len(json.load(open(sys.argv[1]))["findings"]))' "$1.raw"; }

ref cold
[ "$(cat cold-json.rc)" = 1 ] && [ "$(findings cold-json)" -gt 5 ] && [ ! -e cache ] &&
	ok "--no-cache: findings, and nothing written to the cache folder" || ko "--no-cache" cold-json.err

scan fill json
[ "$(counts fill)" = "0/7 0/4 bad=0" ] && same fill cold-json && [ -n "$(ls cache/allocscan)" ] &&
	ok "a first scan fills the cache and reports what a scan without it does" || ko "first scan" fill.err

bad=0
for fmt in json sarif text; do
	scan "warm-$fmt" "$fmt"
	[ "$(counts "warm-$fmt")" = "7/7 4/4 bad=0" ] && same "warm-$fmt" "cold-$fmt" || bad=1
done
scan warm-diff text --diff
[ "$(counts warm-diff)" = "7/7 4/4 bad=0" ] && same warm-diff cold-diff || bad=1
[ $bad = 0 ] && ok "an unchanged rescan parses no unit; JSON, SARIF, text and --diff as without the cache" ||
	ko "warm scans" warm-json.err warm-sarif.err warm-text.err warm-diff.err

sleep 0.05
touch proj/extra.h
scan touched json
scan touched2 json
[ "$(counts touched)" = "7/7 4/4 bad=0" ] && [ "$(counts touched2)" = "7/7 4/4 bad=0" ] && same touched cold-json &&
	ok "a touched header, its contents unchanged, costs no parse" || ko "touched header" touched.err touched2.err

echo '/* changed */' >>proj/extra.h
ref hdr
scan header json
scan header2 json
[ "$(counts header)" = "5/7 4/4 bad=0" ] && same header hdr-json && [ "$(counts header2)" = "7/7 4/4 bad=0" ] &&
	ok "a changed header: the two units that include it parsed again, the others from the cache" ||
	ko "changed header" header.err header2.err

# mem_copy_some copies only when asked: made to copy always, it becomes a
# copy helper, and its caller in caller.c has one more finding.
sed -i 's/^\tif (really)$/\t(void)really;/' proj/mem.c
ref callee
scan callee json
c=$(counts callee)
for fmt in sarif text; do scan "again-$fmt" "$fmt"; done
scan again-diff text --diff
if [ "${c%% *}" = "6/7" ] && [ "$(echo "$c" | cut -d' ' -f2 | cut -d/ -f1)" -lt 4 ] && same callee callee-json &&
	same again-sarif callee-sarif && same again-text callee-text && same again-diff callee-diff &&
	[ "$(findings callee)" -gt "$(findings cold-json)" ]; then
	ok "a helper's summary changed: its unit and its callers analysed again, findings as without the cache ($c)"
else
	ko "changed callee ($c)" callee.err
fi

scan ruby json --rules ruby
scan flag json -- -DXUNIT_OTHER=1
scan per json --per-unit
[ "$(counts ruby)" = "0/7 0/4 bad=0" ] && [ "$(counts flag)" = "0/7 0/4 bad=0" ] && [ "$(counts per)" = "0/7 0/0 bad=0" ] &&
	ok "another pack, clang flag or --per-unit misses" || ko "keys" ruby.err flag.err per.err

# Damaged entries: cut in half, then garbage of the same size.
scan before json
for e in $(find cache -type f); do truncate -s $(($(stat -c %s "$e") / 2)) "$e"; done
scan cut json
for e in $(find cache -type f); do head -c 4096 /dev/urandom >"$e"; done
scan garbage json
if same cut before && same garbage before && [ "$(counts cut | cut -d' ' -f1)" = 0/7 ] &&
	[ "$(counts garbage | cut -d' ' -f1)" = 0/7 ] && ! grep -q "bad=0" <(counts cut) && ! grep -qi "error" cut.err garbage.err; then
	ok "truncated and garbage entries are misses, noted under -v only ($(counts cut))"
else
	ko "damaged entries" cut.err garbage.err
fi

# Two scans at once into an empty cache.
rm -rf cache
scan one json &
scan two json &
wait
scan after json
[ "$(counts after)" = "7/7 4/4 bad=0" ] && same one before && same two before && same after before &&
	[ -z "$(find cache -type f -name '*.*')" ] &&
	ok "two scans at once: both reports whole, the cache whole and used" || ko "concurrent scans" one.err two.err after.err

echo "$pass passed, $fail failed"
[ $fail = 0 ]
