/* as_fold_callers.c - one realloc-churn finding per grower: the findings at
 * loops that call a function regrowing its buffer by an additive step are
 * folded into that function's own finding, as evidence (how many loops,
 * the first few), instead of one finding per caller. */
#include "as_report.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Callers named in full; the rest are counted. */
#define AS_CALLERS_SHOWN 3

struct caller {
	const char *file, *function;
	unsigned line;
	int value;
};

static int by_place(const void *a, const void *b)
{
	const struct caller *x = a, *y = b;
	int c = strcmp(x->file, y->file);

	return c ? c : (x->line > y->line) - (x->line < y->line);
}

/* The finding at the grower's reallocation ("REALPATH:LINE"), or -1. */
static long host_of(const struct as_findings *l, const char *grower, char **real)
{
	const char *colon = strrchr(grower, ':');
	size_t n = colon ? (size_t)(colon - grower) : 0;
	unsigned line = colon ? (unsigned)strtoul(colon + 1, NULL, 10) : 0;

	for (size_t i = 0; i < l->n && colon; i++) {
		const struct as_finding *f = &l->v[i];
		if (f->grower || !f->rule || strcmp(f->rule, "realloc-churn") || (f->line != line && f->copy.line != line) ||
		    !real[i])
			continue;
		if (strlen(real[i]) == n && !strncmp(real[i], grower, n))
			return (long)i;
	}
	return -1;
}

static int describe(struct as_finding *host, struct caller *c, size_t n)
{
	char buf[1024];
	size_t len;
	char *reasons;
	size_t best = 0;

	qsort(c, n, sizeof *c, by_place);
	len = (size_t)snprintf(buf, sizeof buf, "%zu loop%s call%s it with the same buffer on every pass:", n,
			       n > 1 ? "s" : "", n > 1 ? "" : "s");
	for (size_t i = 0; i < n && i < AS_CALLERS_SHOWN && len < sizeof buf; i++)
		len += (size_t)snprintf(buf + len, sizeof buf - len, "%s %s:%u in %s()", i ? "," : "", c[i].file,
					c[i].line, c[i].function ? c[i].function : "?");
	if (n > AS_CALLERS_SHOWN && len < sizeof buf)
		snprintf(buf + len, sizeof buf - len, ", and %zu more", n - AS_CALLERS_SHOWN);
	free(host->callers);
	if (!(host->callers = strdup(buf)))
		return -1;
	for (size_t i = 1; i < n; i++)
		if (c[i].value > c[best].value)
			best = i;
	if (c[best].value <= host->value)
		return 0;
	/* A loop proves the calls repeat: worth what that loop's site is, and
	 * the note says which loop it rests on. */
	snprintf(buf, sizeof buf, "%s; %+d called on every pass of the loop at %s:%u",
		 host->value_reasons ? host->value_reasons : "", c[best].value - host->value, c[best].file,
		 c[best].line);
	if (!(reasons = strdup(buf)))
		return -1;
	free(host->value_reasons);
	host->value_reasons = reasons;
	host->value = c[best].value;
	return 0;
}

int as_fold_callers(struct as_findings *l)
{
	char **real = calloc(l->n ? l->n : 1, sizeof *real);
	long *host = calloc(l->n ? l->n : 1, sizeof *host);
	struct caller *c = NULL;
	size_t keep = 0, total = l->n;
	int rc = -1;

	if (!real || !host)
		goto out;
	for (size_t i = 0; i < l->n; i++)
		real[i] = l->v[i].path ? realpath(l->v[i].path, NULL) : NULL;
	for (size_t i = 0; i < l->n; i++) {
		host[i] = -1;
		if (!l->v[i].grower)
			continue;
		host[i] = host_of(l, l->v[i].grower, real);
		/* No finding at the grower (not scanned): the first caller holds. */
		for (size_t j = 0; j < i && host[i] < 0; j++)
			if (l->v[j].grower && !strcmp(l->v[j].grower, l->v[i].grower))
				host[i] = host[j] >= 0 ? host[j] : (long)j;
	}
	if (!(c = calloc(l->n ? l->n : 1, sizeof *c)))
		goto out;
	for (size_t h = 0; h < l->n; h++) {
		size_t n = 0;
		for (size_t i = 0; i < l->n; i++)
			if ((host[i] == (long)h || (i == h && l->v[h].grower && host[h] < 0)) && l->v[i].grower)
				c[n++] = (struct caller){ l->v[i].file, l->v[i].function, l->v[i].line, l->v[i].value };
		if (n && describe(&l->v[h], c, n))
			goto out;
	}
	/* Drop the callers folded into a host. */
	for (size_t i = 0; i < l->n; i++) {
		if (host[i] >= 0) {
			as_finding_free(&l->v[i]);
			continue;
		}
		l->v[keep++] = l->v[i];
	}
	l->n = keep;
	rc = 0;
out:
	for (size_t i = 0; real && i < total; i++)
		free(real[i]);
	free(real);
	free(host);
	free(c);
	return rc;
}
