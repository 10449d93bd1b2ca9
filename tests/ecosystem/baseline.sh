#!/usr/bin/env bash
# Baselines: --write-baseline accepts the findings of a scan, --baseline
# then reports only new ones, matched by a fingerprint that survives edits
# elsewhere (lines added above, blanks changed inside the site, the
# function moved); anything but a baseline is one clear line and status 2.
# Usage: baseline.sh ALLOCSCAN SOURCE-ROOT PYTHON3
set -u
. "$(dirname "$0")/lib.sh"

mkdir src
cp "$root/examples/minirt/"*.c "$root/examples/minirt/"*.h src/
"$as" -q --format json src >report.json 2>/dev/null
check "--write-baseline: status 0 with findings" 0 "" -- "$as" -q --write-baseline base.json src
if "$py" - base.json report.json <<'PY'
import json, sys
b = json.load(open(sys.argv[1]))
r = json.load(open(sys.argv[2]))
assert b["tool"] == "allocscan" and b["baseline"] == 1, b
assert [(x["rule"], x["file"], x["line"]) for x in b["findings"]] == [(x["rule"], x["file"], x["line"]) for x in r["findings"]]
assert len({x["fingerprint"] for x in b["findings"]}) == 3
PY
then ok "the baseline names every finding"; else ko "baseline contents" base.json; fi
check "nothing new: status 0" 0 "" -- "$as" -q --baseline base.json src
"$as" -q --baseline base.json src | tail -1 | sed 's/ in [0-9.]* s$//' >got.txt
same "the summary counts the baselined findings" got.txt "allocscan: 3 files, 0 alloc-copy, 0 realloc-churn, 0 dup-call, 0 object-copy, 3 in the baseline"

# Unrelated edits: lines above every site, the allocation's blanks changed,
# a function added before the old ones; and one new site.
{ printf '/* a new header comment */\n\n'; cat src/array.c; } >t && mv t src/array.c
sed -i 's/malloc(len \* sizeof(value))/malloc( len  *  sizeof(value) )/' src/array.c
{ printf '#include <string.h>\nchar *dup4(const char *s) { char *p = malloc(4); memcpy(p, s, 4); return p; }\n'; cat src/strbuf.c; } >t && mv t src/strbuf.c
grep -q 'malloc( len' src/array.c || ko "the test's edit did not apply"
"$as" -q --format json --baseline base.json src >new.json 2>err.txt
rc=$?
if [ $rc = 1 ] && "$py" - new.json <<'PY'
import json, sys
f = json.load(open(sys.argv[1]))["findings"]
assert [(x["rule"], x["function"]) for x in f] == [("alloc-copy", "dup4")], f
PY
then ok "after unrelated edits only the new site is reported"; else ko "baseline after edits (status $rc)" new.json; fi

# SARIF carries the same fingerprint.
"$as" -q --format sarif src >r.sarif 2>/dev/null
if "$py" - r.sarif base.json <<'PY'
import json, sys
res = json.load(open(sys.argv[1]))["runs"][0]["results"]
fps = {x["fingerprint"] for x in json.load(open(sys.argv[2]))["findings"]}
got = {r["partialFingerprints"]["allocscan/v1"] for r in res}
assert fps < got and len(got) == 4, (fps, got)
PY
then ok "SARIF partialFingerprints are the baseline's fingerprints"; else ko "partialFingerprints"; fi
"$py" "$root/tests/analyzer/validate_sarif.py" "$root/tests/data/sarif-schema-2.1.0.json" r.sarif >v.txt 2>&1 &&
	ok "SARIF with partialFingerprints is valid" || ko "SARIF schema" v.txt

# Anything but a baseline: one line, status 2, before any scan.
printf '{ "tool": "allocscan",\n  "baseline": \n' >broken.json
check "broken JSON" 2 "allocscan: broken.json:3: malformed JSON: not a baseline (write one with --write-baseline)" -- "$as" -q --baseline broken.json src
printf '{"version": "2.1.0", "runs": []}\n' >other.json
check "another tool's file" 2 "allocscan: other.json: not an allocscan baseline (write one with --write-baseline)" -- "$as" -q --baseline other.json src
check "a report, not a baseline" 2 "allocscan: report.json: an allocscan report, not a baseline (write one with --write-baseline)" -- "$as" -q --baseline report.json src
sed 's/"baseline": 1/"baseline": 7/' base.json >future.json
check "another format" 2 "allocscan: future.json: a baseline of format 7; this allocscan reads format 1 (write it again with --write-baseline)" -- "$as" -q --baseline future.json src
check "missing baseline" 2 "allocscan: nosuch.json: No such file or directory" -- "$as" -q --baseline nosuch.json src
check "a baseline that cannot be written" 2 "allocscan: nodir/base.json: cannot write a temporary beside it: No such file or directory" -- "$as" -q --write-baseline nodir/base.json src
check "--write-baseline with --diff" 2 "allocscan: --write-baseline records a scan: not with --diff or --rewrite
Try 'allocscan --help' for more information." -- "$as" -q --diff --write-baseline b.json src
finish
