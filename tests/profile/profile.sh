#!/usr/bin/env bash
# --instrument, --profile and profile-merge as a user meets them, without
# building anything: the probes a reviewed program gets, a second run that
# changes nothing, profiles joined to the right sites only (another
# directory, changed code, another tree), the ranking, and one clear line
# and status 2 for every broken profile.
# Usage: profile.sh ALLOCSCAN SOURCE-ROOT PYTHON3
set -u
. "$(dirname "$0")/../ecosystem/lib.sh"
here=$root/tests/profile

cp "$here/src/prog.c" "$here/src/pack.json" .
"$as" -q --rules pack.json --instrument --diff prog.c >got.diff 2>err.txt
if diff -u "$here/prog.diff" got.diff >d.txt; then ok "--instrument --diff: the reviewed probes"; else ko "--instrument --diff differs from prog.diff" d.txt; fi
same "--instrument --diff: its summary line" err.txt "allocscan: the diff instruments 7 sites in 1 file, 0 refused, 0 without a probe (1 files scanned)"
cmp -s prog.c "$here/src/prog.c" && ok "--diff changes nothing" || ko "--instrument --diff changed prog.c"

mkdir tree && cp prog.c pack.json tree/
check "--instrument: status 0" 0 "allocscan: 7 sites instrumented in 1 file, 0 refused, 0 without a probe (1 files scanned)" -- \
	"$as" -q --rules pack.json --instrument tree/prog.c
(cd tree && patch -s -p1 -R <../got.diff) && cmp -s tree/prog.c prog.c && ok "--instrument wrote what --diff showed" ||
	ko "--instrument and --diff disagree"
(cd tree && patch -s -p1 <../got.diff)
cp tree/prog.c once.c
"$as" -q --rules pack.json --instrument tree/prog.c >out.txt 2>err.txt
rc=$?
head -1 err.txt >first.txt
[ $rc = 0 ] && ok "a second --instrument: status 0" || ko "a second --instrument: status $rc" err.txt
same "a second --instrument says why it changes nothing" first.txt "allocscan: not instrumenting tree/prog.c: it has probes already (it includes asrt/asrt_probe.h)"
cmp -s tree/prog.c once.c && ok "the file is as the first run left it" || ko "the second run changed the file"

# The site ids of the findings, as the probes name them.
"$as" -q --rules pack.json --format json prog.c >report.json 2>/dev/null
"$py" - report.json >ids.txt <<'PY'
import json, sys
for f in json.load(open(sys.argv[1]))["findings"]:
    print(f["site_id"])
PY
id_of() { grep "^prog.c:$1:" ids.txt; }
grow=$(id_of 39) dup=$(id_of 70) copy=$(id_of 15)
[ -n "$grow" ] && [ -n "$dup" ] && [ -n "$copy" ] && ok "site ids in JSON" || ko "site ids" ids.txt

# A profile taken in another directory (paths longer by a prefix), one
# site whose code changed since (another hash), one of another file.
changed=${copy%#*}#00000000
cat >p1.json <<JSON
{"asrt_profile": 1, "pid": 1, "runs": 1, "sites": [
 {"site": "/build/x/$grow", "reallocs": 50, "bytes_realloc": 1325, "moves": 9, "bytes_moved": 400, "largest": 51},
 {"site": "$dup", "dups": 4, "bytes_dup": 14, "largest": 5},
 {"site": "$changed", "allocs": 99, "bytes_alloc": 99, "copies": 99, "bytes_copied": 999999, "largest": 99},
 {"site": "other.c:14:alloc-copy#12345678", "allocs": 1, "copies": 1, "bytes_copied": 5}
]}
JSON
"$as" -q --rules pack.json --profile p1.json prog.c >text.txt 2>err.txt
same "--profile: what matched, what was ignored" err.txt "allocscan: profile: 2 sites matched, 2 ignored (1 whose code changed, 1 not among the findings); 5 findings never reached"
grep 'note: measured' text.txt | sed 's/^prog.c:\([0-9]*\):[0-9]*: note: measured: /\1 /' >m.txt
same "--profile: ranked by measured cost, never reached last" m.txt "39 cost 450; 50 reallocations to 1.3 KiB in all, 9 moved 400 B; largest 51 B
70 cost 18; 4 duplications, 14 B; largest 5 B
56 never reached in the profiled runs
26 never reached in the profiled runs
94 never reached in the profiled runs
15 never reached in the profiled runs
80 never reached in the profiled runs"
"$as" -q --rules pack.json --profile p1.json --format json prog.c >j.json 2>/dev/null
"$as" -q --rules pack.json --profile p1.json --format sarif prog.c >s.sarif 2>/dev/null
if "$py" - j.json s.sarif <<'PY'
import json, sys
j = json.load(open(sys.argv[1]))["findings"]
m = {f["line"]: f["measured"] for f in j}
assert m[39] == {"reached": True, "cost": 450, "allocs": 0, "bytes_alloc": 0, "copies": 0, "bytes_copied": 0,
                 "reallocs": 50, "bytes_realloc": 1325, "moves": 9, "bytes_moved": 400, "dups": 0, "bytes_dup": 0,
                 "largest": 51}, m[39]
assert not m[15]["reached"] and m[15]["cost"] == 0, m[15]
s = json.load(open(sys.argv[2]))["runs"][0]["results"]
assert all("measured" in r["properties"] and "siteId" in r["properties"] for r in s), s
PY
then ok "JSON and SARIF carry the measured counts"; else ko "measured in JSON/SARIF" j.json; fi
"$as" -q --rules pack.json prog.c 2>/dev/null | grep -c 'note: measured' >n.txt
same "without --profile nothing is measured" n.txt 0

# Two profiles add up; profile-merge writes the same sums.
"$as" -q --rules pack.json --profile p1.json --profile p1.json --format json prog.c >j2.json 2>/dev/null
"$as" profile-merge -o merged.json p1.json p1.json 2>err.txt
same "profile-merge: its line" err.txt "allocscan: merged 2 profiles: 4 sites, 2 runs"
"$as" -q --rules pack.json --profile merged.json --format json prog.c >j3.json 2>/dev/null
if "$py" - j2.json j3.json merged.json <<'PY'
import json, sys
a = {f["line"]: f["measured"] for f in json.load(open(sys.argv[1]))["findings"]}
b = {f["line"]: f["measured"] for f in json.load(open(sys.argv[2]))["findings"]}
assert a == b and a[39]["reallocs"] == 100 and a[39]["largest"] == 51, (a, b)
assert json.load(open(sys.argv[3]))["runs"] == 2
PY
then ok "two profiles add up, merged or given twice"; else ko "profile sums" j2.json; fi

# Broken profiles: one line, status 2, no report.
printf '{"asrt_profile": 1, "sites": [ {"site": "a.c:1:alloc-copy#1", "cop' >trunc.json
check "a truncated profile" 2 "allocscan: trunc.json: not a complete profile (truncated or not JSON)" -- \
	"$as" -q --rules pack.json --profile trunc.json prog.c
[ -s out.txt ] && ko "a report was printed for a broken profile" out.txt || ok "no report for a broken profile"
echo '{"tool": "allocscan", "findings": []}' >report-not-profile.json
check "a JSON file that is no profile" 2 "allocscan: report-not-profile.json: not a profile of asrt's probes (no \"asrt_profile\" member)" -- \
	"$as" -q --rules pack.json --profile report-not-profile.json prog.c
echo '{"asrt_profile": 2, "sites": []}' >v2.json
check "a profile format of another version" 2 "allocscan: v2.json: a profile format this allocscan does not know (asrt_profile is not 1)" -- \
	"$as" -q --rules pack.json --profile v2.json prog.c
echo '{"asrt_profile": 1, "sites": [{"site": "a.c:1:alloc-copy#1", "copies": -3}]}' >neg.json
check "a negative count" 2 "allocscan: neg.json: a count that is not a non-negative integer" -- \
	"$as" -q --rules pack.json --profile neg.json prog.c
check "a missing profile" 2 "allocscan: nowhere.json: No such file or directory" -- \
	"$as" -q --rules pack.json --profile nowhere.json prog.c
check "profile-merge of a broken profile" 2 "allocscan: trunc.json: not a complete profile (truncated or not JSON)" -- \
	"$as" profile-merge -o m2.json p1.json trunc.json
[ -e m2.json ] && ko "profile-merge wrote a file after an error" || ok "profile-merge writes nothing after an error"
check "profile-merge with nothing to merge" 2 "allocscan: profile-merge: no profiles given
usage: allocscan profile-merge [-o OUT] PROFILE..." -- "$as" profile-merge
check "--profile with --rewrite" 2 "allocscan: --profile ranks a report: not with --diff, --rewrite or --instrument
Try 'allocscan --help' for more information." -- "$as" --profile p1.json --rewrite prog.c
check "--instrument with --rewrite" 2 "allocscan: --instrument inserts probes only: not with --rewrite, --fix, --write-baseline or --explain-summary (--diff previews them)
Try 'allocscan --help' for more information." -- "$as" --instrument --rewrite prog.c
finish
