/* as_wire.c - results as bytes: lengths and counts as long long, strings
 * as a length (-1 for NULL) and their bytes. */
#include "as_wire.h"

#include "as_grow.h"

#include "as_detect.h"

#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

void as_wire_put(struct as_wire *w, const void *data, size_t len)
{
	/* Nothing to copy: data may be NULL (a NULL string), which memcpy's
	 * contract excludes even for no bytes. */
	if (w->oom || !len)
		return;
	if (len > SIZE_MAX - w->n || as_grow(&w->p, &w->cap, w->n + len, 1)) {
		w->oom = 1;
		return;
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

/* One put per field of AS_FINDING_FIELDS, by its type: the rule goes by
 * its id. */
#define PUT_RULE(name) as_wire_put_str(w, f->name);
#define PUT_SEV(name) as_wire_put_int(w, f->name);
#define PUT_STR(name) as_wire_put_str(w, f->name);
#define PUT_SITE(name) (as_wire_put_str(w, f->name.expr), as_wire_put_int(w, f->name.line));
#define PUT_UINT(name) as_wire_put_int(w, f->name);
#define PUT_INT(name) as_wire_put_int(w, f->name);
#define PUT_FLAG(name) as_wire_put_int(w, f->name);
#define PUT_HASH(name) as_wire_put_int(w, (long long)f->name);
#define PUT_MEASURE(name) /* joined in the scan's process */
#define PUT_FIXITS(name)                              \
	as_wire_put_int(w, f->n##name);               \
	for (int k = 0; k < f->n##name; k++) {        \
		as_wire_put_int(w, f->name[k].begin); \
		as_wire_put_int(w, f->name[k].end);   \
		as_wire_put_str(w, f->name[k].text);  \
	}
#define PUT_FIELD(type, name, json, jkey, sarif, skey) PUT_##type(name)

void as_wire_put_findings(struct as_wire *w, const struct as_findings *l)
{
	as_wire_put_int(w, (long long)l->n);
	for (size_t i = 0; i < l->n; i++) {
		const struct as_finding *f = &l->v[i];
		AS_FINDING_FIELDS(PUT_FIELD)
	}
}

void as_wire_put_rule(struct as_wire *w, const struct as_rule *r)
{
	as_wire_put_int(w, r != NULL);
	if (!r)
		return;
	as_wire_put_str(w, r->name);
	as_wire_put_str(w, r->shown_as);
	as_wire_put_str(w, r->pack);
	as_wire_put_int(w, r->role);
	as_wire_put_int(w, r->is_macro);
	as_wire_put_int(w, r->family);
	as_wire_put_int(w, r->size);
	as_wire_put_int(w, r->count);
	as_wire_put_int(w, r->type);
	as_wire_put_int(w, r->ptr);
	as_wire_put_int(w, r->dst);
	as_wire_put_int(w, r->src);
	as_wire_put_int(w, r->size_is_strlen1);
	as_wire_put_int(w, r->zeroed);
	as_wire_put_int(w, r->assigns);
	as_wire_put_int(w, r->in_place);
	as_wire_put_int(w, r->nmul_args);
	for (int k = 0; k < r->nmul_args; k++)
		as_wire_put_int(w, r->mul_args[k]);
	as_wire_put_int(w, r->scale);
	as_wire_put_int(w, r->add);
	as_wire_put_int(w, r->summary);
	as_wire_put_str(w, r->field);
	as_wire_put_str(w, r->trace);
}

void as_wire_put_grower(struct as_wire *w, const struct as_grower *g)
{
	as_wire_put_int(w, g != NULL);
	if (!g)
		return;
	as_wire_put_str(w, g->name);
	as_wire_put_str(w, g->file);
	as_wire_put_int(w, g->line);
	as_wire_put_str(w, g->buffer);
	as_wire_put_int(w, g->param);
}

void as_wire_put_exports(struct as_wire *w, const struct as_exports *x)
{
	as_wire_put_int(w, (long long)x->n);
	for (size_t i = 0; i < x->n; i++) {
		as_wire_put_str(w, x->v[i].name);
		as_wire_put_str(w, x->v[i].where);
		as_wire_put_rule(w, x->v[i].rule);
		as_wire_put_grower(w, x->v[i].grower);
	}
}

void as_wire_put_names(struct as_wire *w, const struct as_names *s)
{
	as_wire_put_int(w, (long long)s->n);
	for (size_t i = 0; i < s->n; i++)
		as_wire_put_str(w, s->v[i]);
}

void as_wire_put_result(struct as_wire *w, const struct as_result *r)
{
	as_wire_put_str(w, r->log);
	as_wire_put_int(w, r->parsed);
	as_wire_put_int(w, r->clean);
	as_wire_put_int(w, r->failed);
	as_wire_put_findings(w, &r->found);
	as_wire_put_exports(w, &r->exports);
	as_wire_put_names(w, &r->callees);
	as_wire_put_names(w, &r->notices);
	as_wire_put_int(w, (long long)r->allocs);
}

void as_result_free(struct as_result *r)
{
	as_findings_free(&r->found);
	as_findings_init(&r->found);
	as_exports_free(&r->exports);
	as_names_free(&r->callees);
	as_names_free(&r->notices);
	free(r->log);
	r->log = NULL;
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

/* The static id of the rule named s, or NULL and r bad. */
static const char *get_rule_id(struct as_wire_in *r)
{
	char *s = as_wire_get_str(r);
	const struct as_detector *d = s ? as_detector_find(s) : NULL;

	if (!d)
		r->bad = 1;
	free(s);
	return d ? d->rule : NULL;
}

/* An int field: what was sent, or 0 and r bad if it is not in [lo, hi]. */
static long long get_range(struct as_wire_in *r, long long lo, long long hi)
{
	long long v = as_wire_get_int(r);

	if (v < lo || v > hi) {
		r->bad = 1;
		return 0;
	}
	return v;
}

/* One get per field, in the order of the puts; f starts zeroed, so what a
 * bad message leaves unread is NULL or 0 for as_finding_free. */
#define GET_RULE(name) f.name = get_rule_id(r);
#define GET_SEV(name) f.name = (enum as_severity)get_range(r, AS_SEV_WARNING, AS_SEV_INFO);
#define GET_STR(name) f.name = as_wire_get_str(r);
#define GET_SITE(name) (f.name.expr = as_wire_get_str(r), f.name.line = (unsigned)get_range(r, 0, UINT_MAX));
#define GET_UINT(name) f.name = (unsigned)get_range(r, 0, UINT_MAX);
#define GET_INT(name) f.name = (int)get_range(r, INT_MIN, INT_MAX);
#define GET_FLAG(name) f.name = (int)get_range(r, 0, 1);
#define GET_HASH(name) f.name = (unsigned long long)as_wire_get_int(r);
#define GET_MEASURE(name) f.name = NULL;
#define GET_FIXITS(name)                                               \
	f.n##name = (int)get_range(r, 0, AS_MAX_FIXITS);               \
	for (int k = 0; k < f.n##name; k++) {                          \
		f.name[k].begin = (unsigned)get_range(r, 0, UINT_MAX); \
		f.name[k].end = (unsigned)get_range(r, 0, UINT_MAX);   \
		f.name[k].text = as_wire_get_str(r);                   \
	}
#define GET_FIELD(type, name, json, jkey, sarif, skey) GET_##type(name)

void as_wire_get_findings(struct as_wire_in *r, struct as_findings *l)
{
	size_t n = get_count(r);

	for (size_t i = 0; i < n && !r->bad; i++) {
		struct as_finding f = { 0 };
		AS_FINDING_FIELDS(GET_FIELD)
		if (!r->bad && !as_findings_add(l, &f))
			continue;
		r->bad = 1;
		as_finding_free(&f);
	}
}

/* Reads what as_wire_put_rule wrote into *out; 0 when none was sent. */
static int get_rule(struct as_wire_in *r, struct as_rule *out)
{
	if (!as_wire_get_int(r))
		return 0;
	out->name = as_wire_get_str(r);
	out->shown_as = as_wire_get_str(r);
	out->pack = as_wire_get_str(r);
	out->role = (enum as_role)get_range(r, AS_ROLE_ALLOC, AS_ROLE_READ);
	out->is_macro = (int)get_range(r, INT_MIN, INT_MAX);
	out->family = (int)get_range(r, -1, INT_MAX);
	out->size = (int)get_range(r, AS_NO_ARG, INT_MAX);
	out->count = (int)get_range(r, AS_NO_ARG, INT_MAX);
	out->type = (int)get_range(r, AS_NO_ARG, INT_MAX);
	out->ptr = (int)get_range(r, AS_NO_ARG, INT_MAX);
	out->dst = (int)get_range(r, AS_NO_ARG, INT_MAX);
	out->src = (int)get_range(r, AS_NO_ARG, INT_MAX);
	out->object = AS_NO_ARG; /* summaries read no object */
	out->size_is_strlen1 = (int)get_range(r, INT_MIN, INT_MAX);
	out->zeroed = (int)get_range(r, INT_MIN, INT_MAX);
	out->assigns = (int)get_range(r, INT_MIN, INT_MAX);
	out->in_place = (int)get_range(r, INT_MIN, INT_MAX);
	out->nmul_args = (int)get_range(r, 0, AS_MAX_MUL_ARGS);
	for (int k = 0; k < out->nmul_args; k++)
		out->mul_args[k] = (int)get_range(r, INT_MIN, INT_MAX);
	out->scale = as_wire_get_int(r);
	out->add = as_wire_get_int(r);
	out->summary = (int)get_range(r, INT_MIN, INT_MAX);
	out->field = as_wire_get_str(r);
	out->trace = as_wire_get_str(r);
	return 1;
}

static int get_grower(struct as_wire_in *r, struct as_grower *out)
{
	if (!as_wire_get_int(r))
		return 0;
	out->name = as_wire_get_str(r);
	out->file = as_wire_get_str(r);
	out->line = (unsigned)get_range(r, 0, UINT_MAX);
	out->buffer = as_wire_get_str(r);
	out->param = (int)get_range(r, -1, INT_MAX);
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

		if (r->bad || !name || !where || as_exports_add(x, name, where, has_rule ? &rule : NULL, has_grower ? &grower : NULL))
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

void as_wire_get_result(struct as_wire_in *r, struct as_result *res)
{
	int lost = res->lost;

	as_result_free(res);
	res->lost = lost;
	res->log = as_wire_get_str(r);
	res->parsed = (int)get_range(r, 0, 1);
	res->clean = (int)get_range(r, 0, 1);
	res->failed = (int)get_range(r, 0, 1);
	as_wire_get_findings(r, &res->found);
	as_wire_get_exports(r, &res->exports);
	as_wire_get_names(r, &res->callees);
	as_wire_get_names(r, &res->notices);
	res->allocs = (unsigned long)as_wire_get_int(r);
}
