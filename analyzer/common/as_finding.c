#include "as_finding.h"
#include "as_grow.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void as_findings_init(struct as_findings *l)
{
	memset(l, 0, sizeof *l);
	pthread_mutex_init(&l->lock, NULL);
}

int as_findings_add(struct as_findings *l, const struct as_finding *f)
{
	int rc = 0;

	pthread_mutex_lock(&l->lock);
	if (AS_GROW(l->v, l->n, l->cap))
		rc = -1;
	else
		l->v[l->n++] = *f;
	pthread_mutex_unlock(&l->lock);
	return rc;
}

static int cmp(const void *a, const void *b)
{
	const struct as_finding *x = a, *y = b;
	int c = strcmp(x->file, y->file);

	if (c)
		return c;
	if (x->line != y->line)
		return x->line < y->line ? -1 : 1;
	if (x->col != y->col)
		return x->col < y->col ? -1 : 1;
	return strcmp(x->rule, y->rule);
}

#define FREE_RULE(f, name)
#define FREE_SEV(f, name)
#define FREE_STR(f, name) free((f)->name);
#define FREE_SITE(f, name) free((f)->name.expr);
#define FREE_UINT(f, name)
#define FREE_INT(f, name)
#define FREE_FLAG(f, name)
#define FREE_HASH(f, name)
#define FREE_MEASURE(f, name) free((f)->name);
#define FREE_FIXITS(f, name)                   \
	for (int i = 0; i < (f)->n##name; i++) \
		free((f)->name[i].text);
#define FREE_FIELD(type, name, json, jkey, sarif, skey) FREE_##type(f, name)

void as_finding_free(struct as_finding *f)
{
	AS_FINDING_FIELDS(FREE_FIELD)
}

static int same_edits(const struct as_finding *a, const struct as_finding *b)
{
	if (strcmp(a->fix, b->fix) || a->nfixits != b->nfixits)
		return 0;
	for (int i = 0; i < a->nfixits; i++)
		if (a->fixits[i].begin != b->fixits[i].begin || a->fixits[i].end != b->fixits[i].end ||
		    strcmp(a->fixits[i].text, b->fixits[i].text))
			return 0;
	return 1;
}

void as_finding_refuse(struct as_finding *f, char *reason)
{
	if (reason) {
		free(f->reason);
		f->reason = reason;
	}
	if (strcmp(f->fix, "manual")) {
		char *m = strdup("manual");
		if (m) {
			free(f->fix);
			f->fix = m;
		}
	}
	for (int i = 0; i < f->nfixits; i++)
		free(f->fixits[i].text);
	f->nfixits = 0;
	free(f->fix_text);
	f->fix_text = NULL;
}

/* One site seen by several units (a header, or a file built in two
 * configurations) is rewritten only if every unit proves the same edits:
 * otherwise it is manual, with the reason of a unit that refused. */
static void agree(struct as_finding *kept, struct as_finding *other)
{
	const struct as_finding *why = strcmp(kept->fix, "manual") ? other : kept;
	char *reason;
	size_t n;

	if (same_edits(kept, other))
		return;
	n = strlen(why->reason ? why->reason : "") + 128;
	/* Out of memory the edits are dropped all the same. */
	reason = malloc(n);
	if (reason && !strcmp(why->fix, "manual"))
		snprintf(reason, n, "in another unit or configuration that builds this file: %s", why->reason ? why->reason : "");
	else if (reason)
		snprintf(reason, n, "the units or configurations that build this file need different rewrites here");
	as_finding_refuse(kept, reason);
}

void as_findings_sort(struct as_findings *l)
{
	size_t w = 0;

	if (l->n)
		qsort(l->v, l->n, sizeof *l->v, cmp);
	for (size_t r = 0; r < l->n; r++) {
		if (w && !cmp(&l->v[w - 1], &l->v[r])) {
			agree(&l->v[w - 1], &l->v[r]);
			as_finding_free(&l->v[r]);
			continue;
		}
		l->v[w++] = l->v[r];
	}
	l->n = w;
}

void as_findings_keep_value(struct as_findings *l, int min)
{
	size_t w = 0;

	for (size_t r = 0; r < l->n; r++) {
		if (l->v[r].value < min)
			as_finding_free(&l->v[r]);
		else
			l->v[w++] = l->v[r];
	}
	l->n = w;
}

size_t as_findings_count(const struct as_findings *l, const char *rule)
{
	size_t n = 0;

	for (size_t i = 0; i < l->n; i++)
		n += !rule || !strcmp(l->v[i].rule, rule);
	return n;
}

int as_findings_move(struct as_findings *to, struct as_findings *from)
{
	size_t i = 0;

	while (i < from->n && !as_findings_add(to, &from->v[i]))
		i++;
	/* What did not fit stays with from, which frees it. */
	if (i && i < from->n)
		memmove(from->v, from->v + i, (from->n - i) * sizeof *from->v);
	from->n -= i;
	return from->n ? -1 : 0;
}

void as_findings_free(struct as_findings *l)
{
	for (size_t i = 0; i < l->n; i++)
		as_finding_free(&l->v[i]);
	free(l->v);
	pthread_mutex_destroy(&l->lock);
	memset(l, 0, sizeof *l);
}
