#!/usr/bin/env bash
# What a new user meets on a real project (issue 25's measured list): each
# case runs one command and compares its status and its stderr exactly.
# Usage: cli.sh ALLOCSCAN SOURCE-ROOT PYTHON3
set -u
. "$(dirname "$0")/lib.sh"

site='#include <stdlib.h>
#include <string.h>
#include "defs.h"
char *kept;
void d(const char *s) { kept = malloc(N); memcpy(kept, s, N); }'
mkdir -p proj/src proj/inc proj/build
printf '%s\n' "$site" >proj/src/x.c
printf '%s\n' "$site" >proj/src/y.c
printf '#define N 16\n' >proj/inc/defs.h

# A gcc project's database: its warnings, -Werror and gcc-only options.
gccflags='-std=c89 -pedantic -Werror -Wformat-overflow=2 -Wno-format-truncation -fconserve-stack -fno-tree-vrp -fno-allow-store-data-races -Werror=vla'
cat >proj/build/compile_commands.json <<JSON
[{"directory": "$work/proj/build", "file": "../src/x.c", "command": "gcc $gccflags -I../inc -c -o x.o ../src/x.c"},
 {"directory": "$work/proj/build", "file": "../src/y.c", "arguments": ["gcc", "-fconserve-stack", "-I", "../inc", "-c", "../src/y.c"]}]
JSON
check "gcc-only flags of a compile database are left out, and named once" 1 \
	"allocscan: note: clang does not know the options -fconserve-stack, -fno-allow-store-data-races of the compile database: left out of the parse" \
	-- "$as" -q -p proj/build
if grep -q "^proj/src/x.c:5:" out.txt && grep -q "^proj/src/y.c:5:" out.txt; then
	ok "both units scanned"
else
	ko "both units scanned" out.txt
fi

# Every error names its unit, with paths as findings print them (relative).
printf '#include "bad.h"\nint f( {\n' >proj/src/bad.c
printf 'int g(;\n' >proj/inc/bad.h
cat >proj/build/compile_commands.json <<JSON
[{"directory": "$work/proj/build", "file": "$work/proj/src/bad.c", "command": "gcc -I../inc -c $work/proj/src/bad.c"}]
JSON
check "parse errors name the unit, with relative paths" 2 "proj/inc/bad.h:1:7: error: expected parameter declarator (in unit proj/src/bad.c)
proj/inc/bad.h:1:7: error: expected ')' (in unit proj/src/bad.c)
proj/src/bad.c:2:8: error: expected parameter declarator
proj/src/bad.c:2:8: error: expected ')'
proj/src/bad.c:2:9: error: expected function body after function declarator" -- "$as" -q -p proj/build
check "an error without a place names the unit" 2 "proj/src/x.c: error: unknown argument: '-nosuchflag'" \
	-- "$as" -q proj/src/x.c -- -Iproj/inc -nosuchflag
rm proj/src/bad.c proj/inc/bad.h

# The compile database beside a named file: in its folder or one above, as
# clang's tools find theirs (the database's -Iinc makes the unit parse).
cat >proj/compile_commands.json <<JSON
[{"directory": "$work/proj", "file": "src/x.c", "command": "gcc -Werror -Wformat-overflow -Iinc -c src/x.c"}]
JSON
check "compile database found above a named file" 1 "" -- "$as" -q proj/src/x.c
"$as" -q proj/src/y.c >/dev/null 2>err.txt
if [ $? = 2 ] && grep -qx "proj/src/y.c:3:10: error: 'defs.h' file not found" err.txt; then
	ok "a named file the database lacks keeps the defaults (no -Iinc)"
else
	ko "a named file the database lacks" err.txt
fi
cd proj/src && check "found from inside the tree too" 1 "" -- "$as" -q x.c && cd "$work"
printf '[{"directory": 1}]\n' >proj/compile_commands.json
check "a broken database found so is an error" 2 "allocscan: $work/proj/compile_commands.json: entry 1 has no \"directory\" or \"file\" string" \
	-- "$as" -q proj/src/x.c
rm proj/compile_commands.json

# Reports stay valid JSON whatever bytes the source holds near a site.
printf '#include <stdlib.h>\n#include <string.h>\n/* caf\xe9 */\nchar *d(const char *s) { char *p = malloc(8); memcpy(p, "\xff\xfe\xc3\xa9 x", 8); return p; }\n' >latin1.c
for fmt in json sarif; do
	"$as" -q --format $fmt latin1.c >report.$fmt 2>/dev/null
	if "$py" -c 'import json, sys; d = json.loads(open(sys.argv[1], "rb").read().decode("utf-8")); s = json.dumps(d); assert "\ufffd\ufffd\u00e9 x" in json.loads(s) or "\\ufffd\\ufffd\\u00e9 x" in s, s' report.$fmt 2>err.txt; then
		ok "non-UTF-8 bytes replaced in $fmt"
	else
		ko "non-UTF-8 bytes in $fmt" err.txt
	fi
done

# --diff on paths with spaces, quotes and backslashes applies with patch -p1
# (and git apply); it changes nothing and says what the diff fixes.
mkdir -p 'odd/my dir'
cp "$root/examples/minirt/"*.c "$root/examples/minirt/"*.h 'odd/my dir/'
mv 'odd/my dir/array.c' 'odd/my dir/ar ray.c'
mv 'odd/my dir/strbuf.c' 'odd/my dir/we"i\rd.c'
cp -r odd pristine
cd odd && check "--diff says what the diff fixes" 0 "allocscan: the diff fixes 2 sites in 2 files, 0 refused, 1 left manual (3 files scanned)" \
	-- "$as" -q --diff . && cd "$work"
cp odd/out.txt odd.patch && rm odd/out.txt odd/err.txt
if diff -r pristine odd >/dev/null && cp -r odd patched && (cd patched && patch -s -p1 <../odd.patch) &&
	grep -q asrt_memdup_at 'patched/my dir/ar ray.c' && grep -q asrt_grow_at 'patched/my dir/we"i\rd.c'; then
	ok "--diff with spaces and quotes in names applies with patch -p1"
else
	ko "--diff with odd names" odd.patch
fi
if cp -r odd gitted && (cd gitted && git init -q . && git apply ../odd.patch) && diff -r -x .git patched gitted >/dev/null; then
	ok "the same patch applies with git apply"
else
	ko "git apply"
fi

# --rewrite: -q leaves only the summary; a read-only directory's files are
# named, each once.
cp -r pristine rw
check "-q quiets the rewrote lines" 0 "allocscan: 2 sites fixed in 2 files, 0 refused, 1 left manual (3 files scanned)" -- "$as" -q --rewrite rw
cp -r pristine ro && chmod 555 'ro/my dir'
check "a read-only directory: its files named" 2 'allocscan: not fixing ro/my dir/ar ray.c: its directory is read-only
allocscan: not fixing ro/my dir/we"i\rd.c: its directory is read-only
allocscan: 0 sites fixed in 0 files, 2 refused, 1 left manual (3 files scanned)' -- "$as" -q --rewrite ro
chmod 755 'ro/my dir'
diff -r pristine ro >/dev/null && ok "the read-only directory is untouched" || ko "read-only directory changed"

# A FIFO in the tree is named, never opened (that would block).
mkdir fifo && cp "$root/examples/minirt/array.c" "$root/examples/minirt/minirt.h" fifo/ && mkfifo fifo/pipe.c
check "a FIFO in the tree is reported" 2 "allocscan: skipping fifo/pipe.c: not a regular file (a FIFO)" -- timeout 60 "$as" -q fifo
check "a FIFO named is reported" 2 "allocscan: skipping fifo/pipe.c: not a regular file (a FIFO)" -- timeout 60 "$as" -q fifo/pipe.c fifo/array.c

mkdir empty
check "no C source files names the directory" 2 "allocscan: no C source files (*.c) to scan in empty" -- "$as" -q empty

# An explicit --color always wins over NO_COLOR; --color auto obeys it.
NO_COLOR=1 "$as" -q --color always fifo/array.c >color.txt 2>/dev/null
NO_COLOR=1 "$as" -q --color auto fifo/array.c >plain.txt 2>/dev/null
if grep -q $'\033\\[' color.txt && ! grep -q $'\033' plain.txt; then
	ok "--color always wins over NO_COLOR"
else
	ko "--color always and NO_COLOR"
fi

finish
