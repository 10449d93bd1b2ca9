#!/usr/bin/env bash
# Suppression comments: each form silences what it says and no more, the
# silenced findings are counted, listed with -v and carried in JSON and
# SARIF, and bad suppressions are warnings naming the file and line.
# Usage: suppress.sh ALLOCSCAN SOURCE-ROOT PYTHON3
set -u
. "$(dirname "$0")/lib.sh"

mkdir src
cat >src/s.c <<'C'
#include <stdlib.h>
#include <string.h>

char *a(const char *s, size_t n)
{
	char *p = malloc(n); // allocscan: ignore[alloc-copy] the caller frees with its own allocator
	memcpy(p, s, n);
	return p;
}

char *b(const char *s, size_t n)
{
	/* allocscan: ignore[alloc-copy, no-such-rule] */
	char *p = malloc(n);
	memcpy(p, s, n);
	return p;
}

/* allocscan: ignore-function[alloc-copy,dup-call] generated code, "kept" */
char *c(const char *s, size_t n)
{
	char *p = malloc(n);
	memcpy(p, s, n);
	for (int i = 0; i < 3; i++)
		free(strdup(s));
	return p;
}

char *d(const char *s, size_t n)
{
	char *p = malloc(n);
	memcpy(p, s, n); // allocscan: ignore[realloc-churn] another rule: still reported
	return p;
}

char *e(const char *s, size_t n)
{
	// allocscan: ignore[alloc-copy] a comment two lines above covers nothing

	char *p = malloc(n);
	const char *t = "// allocscan: ignore[alloc-copy] inside a string: no comment";
	memcpy(p, s, n);
	return t ? p : NULL;
}
// allocscan: ignore-function[dup-call] a declaration follows
int f(void);
// allocscan: ignore everything
C

"$as" -v --no-cache src/s.c >out.txt 2>err.txt
rc=$?
[ $rc = 1 ] && ok "findings left: status 1" || ko "status $rc"
same "bad suppressions are warnings naming file:line" err.txt "allocscan: src/s.c:13: warning: suppression names no rule 'no-such-rule' (alloc-copy, realloc-churn, dup-call)
allocscan: src/s.c:13: warning: suppression gives no reason: say why after the rule ids
allocscan: src/s.c:45: warning: ignore-function is not followed by a function definition
allocscan: src/s.c:47: warning: malformed suppression: write ignore[RULE-ID] or ignore-function[RULE-ID] and a reason" 
grep -E '^src/s.c:[0-9]+:[0-9]+: (warning|info|note: suppressed)' out.txt | sed 's/: warning: .*\[/: warning: [/' >got.txt
same "-v lists what was suppressed, by which comment" got.txt "src/s.c:40:12: warning: [alloc-copy]
src/s.c:31:12: warning: [alloc-copy]
src/s.c:6:12: note: suppressed [alloc-copy] by src/s.c:6: the caller frees with its own allocator
src/s.c:14:12: note: suppressed [alloc-copy] by src/s.c:13: (no reason given)
src/s.c:22:12: note: suppressed [alloc-copy] by src/s.c:19: generated code, \"kept\"
src/s.c:25:8: note: suppressed [dup-call] by src/s.c:19: generated code, \"kept\""
tail -1 out.txt | sed 's/ in [0-9.]* s$//' >got.txt
same "the summary counts them" got.txt "allocscan: 1 file, 2 alloc-copy, 0 realloc-churn, 0 dup-call, 0 object-copy, 4 suppressed"
"$as" src/s.c >out.txt 2>/dev/null
grep -c 'suppressed \[' out.txt >got.txt
same "without -v they are not listed" got.txt 0

"$as" -q --format json src/s.c >r.json 2>/dev/null
"$as" -q --format sarif src/s.c >r.sarif 2>/dev/null
if "$py" - r.json r.sarif <<'PY'
import json, sys
j = json.load(open(sys.argv[1]))
s = json.load(open(sys.argv[2]))
assert len(j["findings"]) == 2, j["findings"]
sup = [(x["rule"], x["line"], x["suppression"]["line"], x["suppression"]["reason"]) for x in j["suppressed"]]
assert sup == [("alloc-copy", 6, 6, "the caller frees with its own allocator"), ("alloc-copy", 14, 13, ""),
               ("alloc-copy", 22, 19, 'generated code, "kept"'), ("dup-call", 25, 19, 'generated code, "kept"')], sup
res = s["runs"][0]["results"]
plain = [r for r in res if "suppressions" not in r]
silenced = [r for r in res if "suppressions" in r]
assert len(plain) == 2 and len(silenced) == 4, res
assert all(r["suppressions"][0]["kind"] == "inSource" for r in silenced)
assert silenced[0]["suppressions"][0]["justification"] == "the caller frees with its own allocator"
PY
then ok "JSON \"suppressed\" and SARIF results with suppressions"; else ko "JSON and SARIF suppressions"; fi
if "$py" "$root/tests/analyzer/validate_sarif.py" "$root/tests/data/sarif-schema-2.1.0.json" r.sarif >v.txt 2>&1; then
	ok "SARIF with suppressions is valid"
else
	ko "SARIF schema" v.txt
fi

# A suppressed site is not rewritten; the others are.
cp src/s.c fixed.c
"$as" -q --rewrite fixed.c >/dev/null 2>&1
n=$(grep -c 'asrt_memdup' fixed.c)
[ "$n" = 2 ] && ok "--rewrite leaves suppressed sites alone" || ko "--rewrite fixed $n sites (expected 2)"

finish
