#!/usr/bin/env bash
# .allocscan.json: found by walking up from each file (the nearest wins),
# or given with --config; disable, min_value, severity, exclude, clang_args and
# rule_packs applied; --print-config shows what applies; an unknown key is
# a warning, a broken file or an unknown rule id one line and status 2.
# Usage: config.sh ALLOCSCAN SOURCE-ROOT PYTHON3
set -u
. "$(dirname "$0")/lib.sh"

mkdir -p proj/src/gen proj/third_party proj/lib
cp "$root/examples/minirt/"*.c "$root/examples/minirt/"*.h proj/src/
cp "$root/examples/minirt/array.c" proj/src/gen/table.gen.c
cp "$root/examples/minirt/minirt.h" proj/src/gen/
cp "$root/examples/minirt/array.c" "$root/examples/minirt/minirt.h" proj/third_party/
# Parses only with the config's clang_args.
printf '#include <stdlib.h>\n#include <string.h>\nchar *d(const char *s) { char *p = malloc(WIDTH); memcpy(p, s, WIDTH); return p; }\n' >proj/lib/w.c
cat >proj/.allocscan.json <<'JSON'
{
  "disable": ["dup-call"],
  "exclude": ["*.gen.c", "third_party/*"],
  "clang_args": ["-DWIDTH=64"],
  "colour": "never"
}
JSON
# A nearer config wins, whole: lib/ has no exclusions, only a threshold.
cat >proj/src/.allocscan.json <<'JSON'
{ "min_value": 60 }
JSON

counts() { "$as" -q --format json "$@" 2>/dev/null | "$py" -c 'import json, sys; d = json.load(sys.stdin); print(d["files"], sorted((f["rule"], f["file"]) for f in d["findings"]))'; }
counts proj >got.txt
# src/gen's nearest is src's config: not excluded, its finding below 60.
same "each file's nearest config applies" got.txt "5 [('alloc-copy', 'proj/lib/w.c'), ('realloc-churn', 'proj/src/strbuf.c')]"
"$as" -q proj >/dev/null 2>err.txt
same "an unknown key is a warning naming the file" err.txt "allocscan: $work/proj/.allocscan.json: warning: unknown key \"colour\" (rule_packs, disable, min_value, severity, exclude, clang_args): ignored"

# --config: one file for every unit, none looked up.
printf '{ "disable": ["realloc-churn"], "rule_packs": ["ruby"] }\n' >only.json
counts --config only.json proj/src >got.txt
same "--config replaces the files found" got.txt "4 [('alloc-copy', 'proj/src/array.c'), ('alloc-copy', 'proj/src/gen/table.gen.c'), ('dup-call', 'proj/src/symbols.c')]"

# A rule pack named by a path relative to the config's folder.
mkdir -p own/packs
printf '{ "pack": "own", "families": { "own": { "free": ["own_free"] } }, "functions": [ { "name": "own_alloc", "role": "alloc", "family": "own", "size": 0 }, { "name": "own_free", "role": "free", "family": "own", "ptr": 0 } ] }\n' >own/packs/own.json
printf '#include <stddef.h>\n#include <string.h>\nvoid *own_alloc(size_t);\nchar *d(const char *s, size_t n) { char *p = own_alloc(n); memcpy(p, s, n); return p; }\n' >own/o.c
printf '{ "rule_packs": ["packs/own.json"] }\n' >own/.allocscan.json
counts own >got.txt
same "rule_packs: a path relative to the config" got.txt "1 [('alloc-copy', 'own/o.c')]"
printf '{}\n' >empty.json
counts --config empty.json own >got.txt
same "without the pack, nothing" got.txt "1 []"

check "--print-config" 0 "allocscan: $work/proj/.allocscan.json: warning: unknown key \"colour\" (rule_packs, disable, min_value, severity, exclude, clang_args): ignored" -- "$as" --print-config proj/lib/w.c
same "--print-config shows the settings" out.txt "{
  \"file\": \"proj/lib/w.c\",
  \"config\": \"$work/proj/.allocscan.json\",
  \"rule_packs\": [],
  \"disable\": [\"dup-call\"],
  \"min_value\": 0,
  \"severity\": {},
  \"exclude\": [\"*.gen.c\", \"third_party/*\"],
  \"clang_args\": [\"-DWIDTH=64\"]
}"
check "--print-config where none applies" 0 "" -- "$as" --print-config /tmp
grep -q '"config": null' out.txt && ok "no config: null" || ko "no config" out.txt

# severity: a rule's level in the files it covers, in every format.
printf '{ "severity": { "alloc-copy": "info", "dup-call": "warning" }, "rule_packs": ["ruby"] }\n' >sev.json
"$as" -q --config sev.json --format json proj/src 2>/dev/null | "$py" -c 'import json, sys; print(sorted({(f["rule"], f["severity"]) for f in json.load(sys.stdin)["findings"]}))' >got.txt
same "severity sets a rule's level (JSON)" got.txt "[('alloc-copy', 'info'), ('dup-call', 'warning'), ('realloc-churn', 'warning')]"
"$as" -q --config sev.json --format sarif proj/src 2>/dev/null | "$py" -c 'import json, sys; print(sorted({(r["ruleId"], r["level"]) for r in json.load(sys.stdin)["runs"][0]["results"]}))' >got.txt
same "severity sets a rule's level (SARIF)" got.txt "[('alloc-copy', 'note'), ('dup-call', 'warning'), ('realloc-churn', 'warning')]"
"$as" -q --config sev.json proj/src/array.c 2>/dev/null | grep -c ': info: .*\[alloc-copy\]' >got.txt
same "severity sets a rule's level (text)" got.txt "1"
printf '{ "severity": { "alloc-copy": "error" } }\n' >bad-sev.json
check "a level that is not warning or info" 2 "allocscan: $work/bad-sev.json: \"severity\" of 'alloc-copy' must be \"warning\" or \"info\"" -- "$as" -q --config bad-sev.json proj/src
printf '{ "severity": { "no-such-rule": "info" } }\n' >bad-sev.json
check "severity of an unknown rule" 2 "allocscan: $work/bad-sev.json: \"severity\" names no rule 'no-such-rule' (alloc-copy, realloc-churn, dup-call)" -- "$as" -q --config bad-sev.json proj/src

printf '{ "disable": ["no-such-rule"] }\n' >bad-rule.json
check "an unknown rule id" 2 "allocscan: $work/bad-rule.json: \"disable\" names no rule 'no-such-rule' (alloc-copy, realloc-churn, dup-call)" -- "$as" -q --config bad-rule.json proj/src
printf '{ "min_value": "high" }\n' >bad-type.json
check "a value of the wrong type" 2 "allocscan: $work/bad-type.json: \"min_value\" must be a whole number from 0 to 100" -- "$as" -q --config bad-type.json proj/src
printf '{\n  "disable": [\n' >proj/src/.allocscan.json
check "a broken config found by walking up" 2 "allocscan: $work/proj/src/.allocscan.json:3: malformed JSON" -- "$as" -q proj/src/array.c
check "a missing --config" 2 "allocscan: $work/nosuch.json: No such file or directory" -- "$as" -q --config nosuch.json proj/src
finish
