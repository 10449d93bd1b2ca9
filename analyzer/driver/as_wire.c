/* as_wire.c - results as bytes: lengths and counts as long long, strings
 * as a length (-1 for NULL) and their bytes. */
#include "as_wire.h"

#include <stdlib.h>
#include <string.h>

/* The strings a finding owns; its rule id points to a static string, which
 * has the same address in the worker and in the scan that forked it. */
static const size_t finding_strs[] = {
	offsetof(struct as_finding, file),        offsetof(struct as_finding, function),
	offsetof(struct as_finding, message),     offsetof(struct as_finding, alloc_expr),
	offsetof(struct as_finding, copy_expr),   offsetof(struct as_finding, buffer),
	offsetof(struct as_finding, source),      offsetof(struct as_finding, size),
	offsetof(struct as_finding, family),      offsetof(struct as_finding, fix),
	offsetof(struct as_finding, reason),      offsetof(struct as_finding, fix_text),
	offsetof(struct as_finding, value_reasons), offsetof(struct as_finding, path),
	offsetof(struct as_finding, trace),
};
#define NSTRS (sizeof finding_strs / sizeof *finding_strs)

static char **field(struct as_finding *f, size_t i)
{
	return (char **)((char *)f + finding_strs[i]);
}

void as_wire_put(struct as_wire *w, const void *data, size_t len)
{
	/* Nothing to copy: data may be NULL (a NULL string), which memcpy's
	 * contract excludes even for no bytes. */
	if (w->oom || !len)
		return;
	if (w->cap - w->n < len) {
		size_t cap = w->cap ? w->cap : 4096;
		char *np;
		while (cap - w->n < len)
			cap *= 2;
		if (!(np = realloc(w->p, cap))) {
			w->oom = 1;
			return;
		}
		w->p = np;
		w->cap = cap;
	}
	memcpy(w->p + w->n, data, len);
	w->n += len;
}

void as_wire_put_int(struct as_wire *w, long long v)
{
	as_wire_put(w, &v, sizeof v);
}

void as_wire_put_str(struct as_wire *w, const char *s)
{
	size_t n = s ? strlen(s) : 0;

	as_wire_put_int(w, s ? (long long)n : -1);
	as_wire_put(w, s, n);
}

void as_wire_put_findings(struct as_wire *w, const struct as_findings *l)
{
	as_wire_put_int(w, (long long)l->n);
	for (size_t i = 0; i < l->n; i++) {
		struct as_finding f = l->v[i];
		as_wire_put(w, &f, sizeof f);
		for (size_t k = 0; k < NSTRS; k++)
			as_wire_put_str(w, *field(&f, k));
		for (int k = 0; k < f.nfixits; k++)
			as_wire_put_str(w, f.fixits[k].text);
	}
}

static void put_rule(struct as_wire *w, const struct as_rule *r)
{
	as_wire_put_int(w, r != NULL);
	if (!r)
		return;
	as_wire_put(w, r, sizeof *r);
	as_wire_put_str(w, r->name);
	as_wire_put_str(w, r->shown_as);
	as_wire_put_str(w, r->pack);
	as_wire_put_str(w, r->field);
	as_wire_put_str(w, r->trace);
}

static void put_grower(struct as_wire *w, const struct as_grower *g)
{
	as_wire_put_int(w, g != NULL);
	if (!g)
		return;
	as_wire_put(w, g, sizeof *g);
	as_wire_put_str(w, g->name);
	as_wire_put_str(w, g->file);
	as_wire_put_str(w, g->buffer);
}

void as_wire_put_exports(struct as_wire *w, const struct as_exports *x)
{
	as_wire_put_int(w, (long long)x->n);
	for (size_t i = 0; i < x->n; i++) {
		as_wire_put_str(w, x->v[i].name);
		as_wire_put_str(w, x->v[i].where);
		put_rule(w, x->v[i].rule);
		put_grower(w, x->v[i].grower);
	}
}

void as_wire_put_names(struct as_wire *w, const struct as_names *s)
{
	as_wire_put_int(w, (long long)s->n);
	for (size_t i = 0; i < s->n; i++)
		as_wire_put_str(w, s->v[i]);
}

void as_wire_free(struct as_wire *w)
{
	free(w->p);
	memset(w, 0, sizeof *w);
}

void as_wire_get(struct as_wire_in *r, void *data, size_t len)
{
	if (r->bad || r->n - r->off < len) {
		r->bad = 1;
		memset(data, 0, len);
		return;
	}
	memcpy(data, r->p + r->off, len);
	r->off += len;
}

long long as_wire_get_int(struct as_wire_in *r)
{
	long long v;

	as_wire_get(r, &v, sizeof v);
	return v;
}

char *as_wire_get_str(struct as_wire_in *r)
{
	long long n = as_wire_get_int(r);
	char *s;

	if (r->bad || n < 0)
		return NULL;
	if ((unsigned long long)n > r->n - r->off || !(s = malloc((size_t)n + 1))) {
		r->bad = 1;
		return NULL;
	}
	as_wire_get(r, s, (size_t)n);
	s[n] = '\0';
	return s;
}

/* A count that the rest of the message could hold, or 0 and r bad. */
static size_t get_count(struct as_wire_in *r)
{
	long long n = as_wire_get_int(r);

	if (n < 0 || (unsigned long long)n > r->n - r->off) {
		r->bad = 1;
		return 0;
	}
	return (size_t)n;
}

void as_wire_get_findings(struct as_wire_in *r, struct as_findings *l)
{
	size_t n = get_count(r);

	for (size_t i = 0; i < n && !r->bad; i++) {
		struct as_finding f;
		int k;
		as_wire_get(r, &f, sizeof f);
		for (size_t s = 0; s < NSTRS; s++)
			*field(&f, s) = as_wire_get_str(r);
		if (f.nfixits < 0 || f.nfixits > AS_MAX_FIXITS)
			r->bad = 1;
		for (k = 0; k < f.nfixits && !r->bad; k++)
			f.fixits[k].text = as_wire_get_str(r);
		if (!r->bad && !as_findings_add(l, &f))
			continue;
		r->bad = 1;
		for (size_t s = 0; s < NSTRS; s++)
			free(*field(&f, s));
		while (k-- > 0)
			free(f.fixits[k].text);
	}
}

/* Reads what put_rule wrote into *r; 0 when none was sent. */
static int get_rule(struct as_wire_in *r, struct as_rule *out)
{
	if (!as_wire_get_int(r))
		return 0;
	as_wire_get(r, out, sizeof *out);
	out->name = as_wire_get_str(r);
	out->shown_as = as_wire_get_str(r);
	out->pack = as_wire_get_str(r);
	out->field = as_wire_get_str(r);
	out->trace = as_wire_get_str(r);
	return 1;
}

static int get_grower(struct as_wire_in *r, struct as_grower *out)
{
	if (!as_wire_get_int(r))
		return 0;
	as_wire_get(r, out, sizeof *out);
	out->name = as_wire_get_str(r);
	out->file = as_wire_get_str(r);
	out->buffer = as_wire_get_str(r);
	return 1;
}

void as_wire_get_exports(struct as_wire_in *r, struct as_exports *x)
{
	size_t n = get_count(r);

	for (size_t i = 0; i < n && !r->bad; i++) {
		char *name = as_wire_get_str(r), *where = as_wire_get_str(r);
		struct as_rule rule = { 0 };
		struct as_grower grower = { 0 };
		int has_rule = get_rule(r, &rule), has_grower = get_grower(r, &grower);

		if (r->bad || !name || !where || as_exports_add(x, name, where, has_rule ? &rule : NULL,
								   has_grower ? &grower : NULL))
			r->bad = 1;
		free(name);
		free(where);
		free(rule.name);
		free(rule.shown_as);
		free(rule.pack);
		free(rule.field);
		free(rule.trace);
		as_grower_free(&grower);
	}
}

void as_wire_get_names(struct as_wire_in *r, struct as_names *s)
{
	size_t n = get_count(r);

	for (size_t i = 0; i < n && !r->bad; i++) {
		char *name = as_wire_get_str(r);
		if (!name || as_names_add(s, name, strlen(name)))
			r->bad = 1;
		free(name);
	}
	as_names_seal(s);
}
