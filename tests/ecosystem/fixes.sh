#!/usr/bin/env bash
# Fixes for other tools: SARIF's rule help and links, its "fixes" and the
# invocation's exit status, valid against the SARIF 2.1.0 schema; the fixes
# applied from SARIF (by a script) and from --export-fixes (by
# clang-apply-replacements, its include sorting off) give the tree --rewrite
# writes, byte for byte.
# Usage: fixes.sh ALLOCSCAN SOURCE-ROOT PYTHON3
set -u
. "$(dirname "$0")/lib.sh"

# Many fixes to a file, a CRLF file, one with the include already, one
# without a last newline, and one whose unit does not parse (never fixed).
mkdir src
cp "$root/examples/minirt/"*.c "$root/examples/minirt/"*.h src/
mkdir src/churn
cp "$root/tests/fixtures/alloc-copy/"*.c src/
cp "$root/tests/fixtures/realloc-churn/"*.c src/churn/
sed 's/$/\r/' "$root/examples/minirt/array.c" >src/crlf.c
{ echo '#include <asrt/asrt.h>'; cat "$root/examples/minirt/strbuf.c"; } >src/has_inc.c
printf '%s' "$(cat "$root/examples/minirt/strbuf.c")" >src/no_eol.c
{ cat "$root/examples/minirt/strbuf.c"; echo 'int broken(void) { return undeclared_name; }'; } >src/broken.c
inc=(-- "-I$root/tests/fixtures/include" "-I$root/runtime/include")
cp -r src rewritten
cp -r src from_yaml
cp -r src from_sarif

(cd rewritten && "$as" -q --rules ruby --rewrite . "${inc[@]}" >/dev/null 2>../rewrite.err)
cmp -s src/array.c rewritten/array.c && ko "--rewrite changed nothing" rewrite.err
cmp -s src/broken.c rewritten/broken.c || ko "--rewrite fixed a unit that does not parse"

mkdir yaml
(cd from_yaml && "$as" -q --rules ruby --format sarif --export-fixes ../yaml/fixes.yaml . "${inc[@]}" >../r.sarif 2>../scan.err)
rc=$?
if [ $rc = 2 ] && grep -q "^allocscan: not fixing broken.c: its unit did not parse cleanly$" scan.err; then
	ok "the scan: status 2 (a unit has errors), the unit left out of the fixes"
else
	ko "scan with --export-fixes: status $rc" scan.err
fi
cmp -s src/array.c from_yaml/array.c && ok "--export-fixes changes nothing" || ko "--export-fixes changed a file"
"$py" "$root/tests/analyzer/validate_sarif.py" "$root/tests/data/sarif-schema-2.1.0.json" r.sarif >v.txt 2>&1 &&
	ok "the SARIF log with fixes is valid SARIF 2.1.0" || ko "SARIF schema" v.txt

version=$("$as" --version | sed -n 's/^allocscan \([^ ]*\) .*/\1/p')
if "$py" - r.sarif "$version" <<'PY' >sarif.err 2>&1
import json, sys
run = json.load(open(sys.argv[1]))["runs"][0]
d = run["tool"]["driver"]
assert d["version"] == sys.argv[2] and d["semanticVersion"] == sys.argv[2], d
for r in d["rules"]:
    assert r["helpUri"].endswith("rules.md#" + r["id"]), r
    assert r["help"]["text"].startswith(r["shortDescription"]["text"]), r
    assert "](" + r["helpUri"] + ")" in r["help"]["markdown"], r
inv = run["invocations"][0]
assert inv["exitCode"] == 2 and inv["executionSuccessful"] is False, inv
fixed = [x for x in run["results"] if "fixes" in x]
assert fixed and all(x["properties"]["fix"] in ("memdup", "share", "grow") for x in fixed)
assert not [x for x in fixed if x["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] == "broken.c"]
PY
then ok "SARIF: rule help and links, tool version, exit code, fixes of fixable sites only"; else ko "SARIF contents" sarif.err; fi

# Each result's fix stands alone (with the include its file lacks); applied
# together, the include once.
if "$py" - r.sarif from_sarif <<'PY' >apply.err 2>&1
import json, os, sys
edits = {}
for x in json.load(open(sys.argv[1]))["runs"][0]["results"]:
    for fix in x.get("fixes", []):
        for ch in fix["artifactChanges"]:
            for r in ch["replacements"]:
                reg = r["deletedRegion"]
                e = (reg["byteOffset"], reg["byteLength"], r["insertedContent"]["text"].encode())
                edits.setdefault(ch["artifactLocation"]["uri"], []).append(e)
for uri, es in edits.items():
    path = os.path.join(sys.argv[2], uri)
    data = open(path, "rb").read()
    es = sorted(set(es), key=lambda e: (e[0], e[1] != 0))
    for off, n, text in reversed(es):
        data = data[:off] + text + data[off + n:]
    open(path, "wb").write(data)
PY
then
	diff -r rewritten from_sarif >d.txt && ok "SARIF's fixes applied give the --rewrite tree" || ko "SARIF fixes vs --rewrite" d.txt
else
	ko "applying SARIF fixes" apply.err
fi

if ! command -v clang-apply-replacements >/dev/null; then
	ko "clang-apply-replacements is missing (apt-get install clang-tools; .ci/deps)"
# It sorts an include block it touches by the project's .clang-format (as
# with clang-tidy's own fixes); without sorting it writes --rewrite's tree.
elif clang-apply-replacements --style='{SortIncludes: false}' yaml >car.txt 2>&1; then
	diff -r rewritten from_yaml >d.txt && ok "clang-apply-replacements of --export-fixes gives the --rewrite tree" ||
		ko "--export-fixes vs --rewrite" d.txt
else
	ko "clang-apply-replacements failed" car.txt
fi
grep -c "DiagnosticName" yaml/fixes.yaml >n.txt
grep -c '"#include <asrt/asrt.h>' yaml/fixes.yaml >ninc.txt
"$py" -c 'import json,sys; print(sum(1 for x in json.load(open(sys.argv[1]))["runs"][0]["results"] if "fixes" in x))' r.sarif >want.txt
same "one diagnostic per fixed site" n.txt "$(cat want.txt)"
# Every file fixed but has_inc.c gets the include, once.
(cd src && find . -name '*.c') | while read -r f; do cmp -s "src/$f" "rewritten/$f" || echo "$f"; done | grep -vc '^./has_inc.c$' >want.txt
same "the include once per file that lacks it" ninc.txt "$(cat want.txt)"

# Fewer fix classes; nothing to fix; bad uses.
(cd src && "$as" -q --rules ruby --fix grow --export-fixes ../grow.yaml . "${inc[@]}" >/dev/null 2>&1)
if grep -q realloc-churn grow.yaml && ! grep -q alloc-copy grow.yaml; then ok "--fix grow: only grow fixes exported"; else ko "--fix with --export-fixes" grow.yaml; fi
printf '#include <stdlib.h>\nvoid *f(void) { return malloc(4); }\n' >clean.c
check "nothing to fix: status 0" 0 "" -- "$as" -q --export-fixes none.yaml clean.c
same "nothing to fix: an empty list" none.yaml $'---\nMainSourceFile:  ""\nDiagnostics: []\n...'
check "--export-fixes with --rewrite" 2 "allocscan: --export-fixes records a scan's fixes: not with --diff, --rewrite, --instrument or --explain-summary
Try 'allocscan --help' for more information." -- "$as" -q --rewrite --export-fixes x.yaml clean.c
check "--export-fixes into a missing directory" 2 "allocscan: nodir/x.yaml: cannot write a temporary beside it: No such file or directory" -- "$as" -q --export-fixes nodir/x.yaml clean.c
finish
