/* as_summary_words.c - a summary in words, for --explain-summary and for
 * the path a cross-function finding reports. */
#include "as_summary.h"

#include <stdio.h>
#include <string.h>

/* Parameter i by name and position ("n" (#1)); "?" when out of range. */
static void param(CXCursor fn, int i, char *buf, size_t n)
{
	CXString s;

	if (i < 0 || i >= clang_Cursor_getNumArguments(fn)) {
		snprintf(buf, n, "?");
		return;
	}
	s = clang_getCursorSpelling(clang_Cursor_getArgument(fn, (unsigned)i));
	snprintf(buf, n, "'%s' (#%d)", clang_getCString(s), i);
	clang_disposeString(s);
}

/* The byte count: count * size, scale * size, plus add. */
static void size_words(CXCursor fn, const struct as_rule *r, char *buf, size_t n)
{
	char a[128], b[128];

	param(fn, r->size, b, sizeof b);
	if (r->count != AS_NO_ARG) {
		param(fn, r->count, a, sizeof a);
		snprintf(buf, n, "%s * %s", a, b);
	} else if (r->scale > 1) {
		snprintf(buf, n, "%lld * %s", r->scale, b);
	} else {
		snprintf(buf, n, "%s", b);
	}
	if (r->add) {
		size_t k = strlen(buf);
		snprintf(buf + k, n - k, " %c %lld", r->add < 0 ? '-' : '+', r->add < 0 ? -r->add : r->add);
	}
}

void as_summary_words(CXCursor fn, const struct as_rule *r, const struct as_rules *packs, char *buf, size_t n)
{
	const struct as_family *fam = packs ? as_rules_family(packs, r->family) : NULL;
	char size[300], p[128], q[128], fam_words[96] = "";

	size_words(fn, r, size, sizeof size);
	if (fam)
		snprintf(fam_words, sizeof fam_words, " (%s)", fam->name);
	switch (r->role) {
	case AS_ROLE_ALLOC:
		if (r->field)
			snprintf(buf, n, "returns a fresh object whose field '%s' is a fresh block of %s bytes%s", r->field,
				 size, fam_words);
		else
			snprintf(buf, n, "returns a fresh %sblock of %s bytes%s", r->zeroed ? "zeroed " : "", size,
				 fam_words);
		break;
	case AS_ROLE_REALLOC:
		param(fn, r->ptr, p, sizeof p);
		snprintf(buf, n, "returns %s reallocated to %s bytes%s, or a fresh block when it is NULL", p, size,
			 fam_words);
		break;
	case AS_ROLE_COPY:
		param(fn, r->dst, p, sizeof p);
		param(fn, r->src, q, sizeof q);
		if (r->field)
			snprintf(buf, n, "copies %s bytes from %s into field '%s' of %s", size, q, r->field, p);
		else
			snprintf(buf, n, "copies %s bytes from %s into %s", size, q, p);
		break;
	case AS_ROLE_DUP:
		param(fn, r->src, q, sizeof q);
		snprintf(buf, n, "returns a fresh copy of %s%s: its callers in loops are dup-call sites", q, fam_words);
		break;
	default:
		snprintf(buf, n, "(role %d)", (int)r->role);
		break;
	}
}
