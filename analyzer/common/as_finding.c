#include "as_finding.h"

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
	if (l->n == l->cap) {
		size_t cap = l->cap ? l->cap * 2 : 64;
		struct as_finding *nv = realloc(l->v, cap * sizeof *nv);
		if (!nv) {
			rc = -1;
			goto out;
		}
		l->v = nv;
		l->cap = cap;
	}
	l->v[l->n++] = *f;
out:
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

static void finding_free(struct as_finding *f)
{
	free(f->file);
	free(f->function);
	free(f->message);
	free(f->alloc_expr);
	free(f->copy_expr);
	free(f->buffer);
	free(f->source);
	free(f->size);
	free(f->family);
	free(f->fix);
	free(f->reason);
	free(f->fix_text);
	free(f->value_reasons);
	for (int i = 0; i < f->nfixits; i++)
		free(f->fixits[i].text);
	free(f->path);
	free(f->trace);
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
	reason = malloc(n);
	if (!reason)
		return; /* the edits are dropped below all the same */
	if (!strcmp(why->fix, "manual"))
		snprintf(reason, n, "in another unit or configuration that builds this file: %s", why->reason ? why->reason : "");
	else
		snprintf(reason, n, "the units or configurations that build this file need different rewrites here");
	free(kept->reason);
	kept->reason = reason;
	if (strcmp(kept->fix, "manual")) {
		char *m = strdup("manual");
		if (m) {
			free(kept->fix);
			kept->fix = m;
		}
	}
	for (int i = 0; i < kept->nfixits; i++)
		free(kept->fixits[i].text);
	kept->nfixits = 0;
	free(kept->fix_text);
	kept->fix_text = NULL;
}

void as_findings_sort(struct as_findings *l)
{
	size_t w = 0;

	if (l->n)
		qsort(l->v, l->n, sizeof *l->v, cmp);
	for (size_t r = 0; r < l->n; r++) {
		if (w && !cmp(&l->v[w - 1], &l->v[r])) {
			agree(&l->v[w - 1], &l->v[r]);
			finding_free(&l->v[r]);
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
			finding_free(&l->v[r]);
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
		finding_free(&l->v[i]);
	free(l->v);
	pthread_mutex_destroy(&l->lock);
	memset(l, 0, sizeof *l);
}
