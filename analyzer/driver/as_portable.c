/* as_portable.c - marked paths: "\1" KIND ABSOLUTE-PATH "\2". The two
 * control bytes never occur in a path a build uses, so a marked path is
 * found again wherever the analysis copied it: a finding's file, its trace,
 * a message naming another file, a notice, a diagnostic; and escaped, in the
 * string literal of a fix's site tag (as_site_literal). */
#include "as_portable.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "as_job.h"
#include "as_lex.h"

#define OPEN '\1'
#define CLOSE '\2'
#define CLOSE_S "\2"
/* The two as a C string literal escapes them. */
#define OPEN_C "\\001"
#define CLOSE_C "\\002"

const char *as_portable_path(enum as_portable_kind kind, const char *dir, const char *path, char *buf, size_t size)
{
	char *norm = as_path_join(dir, path);

	snprintf(buf, size, "%c%c%s%c", OPEN, (char)kind, norm ? norm : path, CLOSE);
	free(norm);
	return buf;
}

/* The bytes a C string literal's inside [s, end) stands for, malloc'd. */
static char *unescape(const char *s, const char *end)
{
	char *out = malloc((size_t)(end - s) + 1), *o = out;

	while (out && s < end) {
		unsigned v = 0;
		int k = 0;
		if (*s != '\\' || s + 1 >= end) {
			*o++ = *s++;
			continue;
		}
		for (s++; k < 3 && s < end && *s >= '0' && *s <= '7'; k++)
			v = v * 8 + (unsigned)(*s++ - '0');
		*o++ = k ? (char)v : *s++;
	}
	if (out)
		*o = '\0';
	return out;
}

/* The marked path at p (bare, or escaped in a literal), resolved into f;
 * where it ends, or NULL when p starts none. */
static const char *resolve_one(const char *p, FILE *f, const char *cwd, const char *tree)
{
	int esc = !strncmp(p, OPEN_C, strlen(OPEN_C));
	size_t open = esc ? strlen(OPEN_C) : 1;
	const char *end = esc || *p == OPEN ? strstr(p + open, esc ? CLOSE_C : CLOSE_S) : NULL;
	char *abs, path[4096], lit[4 * sizeof path];

	if (!end || end == p + open)
		return NULL;
	abs = esc ? unescape(p + open + 1, end) : strndup(p + open + 1, (size_t)(end - p - open - 1));
	if (abs) {
		as_path_below("/", abs, p[open] == AS_PORTABLE_SITE ? tree : cwd, path, sizeof path);
		if (esc)
			as_lex_c_escape(path, lit, sizeof lit);
		fputs(esc ? lit : path, f);
	}
	free(abs);
	return end + (esc ? strlen(CLOSE_C) : 1);
}

/* *s with its marked paths resolved, replaced in place; -1 out of memory. */
static int resolve(char **s, const char *cwd, const char *tree)
{
	char *out = NULL;
	size_t len = 0;
	FILE *f;
	const char *p = *s, *next;

	if (!p || (!strchr(p, OPEN) && !strstr(p, OPEN_C)))
		return 0;
	if (!(f = open_memstream(&out, &len)))
		return -1;
	while (*p)
		if ((next = resolve_one(p, f, cwd, tree)))
			p = next;
		else
			fputc(*p++, f);
	if (fclose(f))
		return -1;
	free(*s);
	*s = out;
	return 0;
}

#define RESOLVE_RULE(name)
#define RESOLVE_SEV(name)
#define RESOLVE_STR(name) rc |= resolve(&f->name, cwd, tree);
#define RESOLVE_SITE(name)
#define RESOLVE_UINT(name)
#define RESOLVE_INT(name)
#define RESOLVE_FLAG(name)
#define RESOLVE_HASH(name)
#define RESOLVE_MEASURE(name)
#define RESOLVE_FIXITS(name)                 \
	for (int k = 0; k < f->n##name; k++) \
		rc |= resolve(&f->name[k].text, cwd, tree);
#define RESOLVE_FIELD(type, name, json, jkey, sarif, skey) RESOLVE_##type(name)

int as_portable_resolve(struct as_result *r, const char *cwd, const char *tree)
{
	struct as_names notices = { 0 };
	int rc = resolve(&r->log, cwd, tree);

	for (size_t i = 0; i < r->found.n; i++) {
		struct as_finding *f = &r->found.v[i];
		AS_FINDING_FIELDS(RESOLVE_FIELD)
	}
	/* Resolved, notices sort anew. */
	for (size_t i = 0; i < r->notices.n && !rc; i++)
		rc = resolve(&r->notices.v[i], cwd, tree) ||
		     as_names_add(&notices, r->notices.v[i], strlen(r->notices.v[i]));
	as_names_seal(&notices);
	as_names_free(&r->notices);
	r->notices = notices;
	return rc ? -1 : 0;
}
