/* as_draft.c - the helpers every fix uses to fill a draft. */
#include "as_draft.h"

#include <stdarg.h>
#include <stdio.h>

const char *as_fix_say(struct as_fn *fn, const char *fmt, ...)
{
	char buf[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	return as_arena_strdup(&fn->tu->arena, buf);
}

int as_fix_edit(struct as_draft *d, unsigned begin, unsigned end, const char *text)
{
	if (d->nfixits == AS_MAX_FIXITS)
		return -1;
	d->fixit[d->nfixits].begin = begin;
	d->fixit[d->nfixits].end = end;
	d->fixit[d->nfixits].text = text;
	d->nfixits++;
	return 0;
}
