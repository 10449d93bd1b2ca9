#!/usr/bin/env bash
# Issue 25's first two measurements end to end: a C89 project built by gcc
# with -pedantic -Werror, gcc-only warnings and the usual strict warnings in
# its compile database is scanned without a unit "with errors", rewritten,
# and still compiles with its own flags against the runtime header.
# Usage: c89_project.sh ALLOCSCAN SOURCE-ROOT
set -u
. "$(dirname "$0")/lib.sh"
command -v gcc >/dev/null || { echo "skipped: no gcc"; exit 0; }

mkdir p && cd p || exit 2
cat >j.c <<'C'
#include <stdlib.h>
#include <string.h>
#include "j.h"

char *json_strdup(const char *s)
{
	size_t n;
	char *p;

	n = strlen(s) + 1;
	p = (char *)malloc(n);
	if (p == NULL)
		return NULL;
	memcpy(p, s, n);
	return p;
}

void json_grow(struct buf *b, const char *s, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		char *q = (char *)realloc(b->data, b->len + 1);
		if (!q)
			return;
		b->data = q;
		b->data[b->len++] = s[i];
	}
}
C
printf 'struct buf { char *data; size_t len; };\nchar *json_strdup(const char *s);\nvoid json_grow(struct buf *b, const char *s, size_t n);\n' >j.h
flags="-std=c89 -pedantic -Werror -Wall -Wextra -Wformat-overflow=2 -Wmissing-prototypes -Wstrict-prototypes -Wold-style-definition -Wdeclaration-after-statement -fconserve-stack"
printf '[{"directory": "%s", "file": "j.c", "command": "gcc %s -c j.c"}]\n' "$PWD" "$flags" >compile_commands.json
gcc $flags -c j.c -o /dev/null && ok "the project compiles as written" || ko "the project itself"
check "scanned and rewritten, no unit with errors" 0 "allocscan: note: clang does not know the option -fconserve-stack of the compile database: left out of the parse
allocscan: 2 sites fixed in 1 file, 0 refused, 0 left manual (1 files scanned)" -- "$as" -q --rewrite -p .
[ "$(grep -c 'asrt_memdup_at\|asrt_grow_at' j.c)" = 2 ] && ok "both sites rewritten" || ko "sites" j.c
gcc $flags -I"$root/runtime/include" -c j.c -o /dev/null 2>err.txt && ok "the rewritten project compiles with its own flags" ||
	ko "rewritten j.c under the project's flags" err.txt
finish
