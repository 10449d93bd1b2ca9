/* as_program.c - the program table: units' exports merged by name. */
#include "as_program.h"

#include "as_grow.h"

#include <stdlib.h>
#include <string.h>

static char *dup_or_null(const char *s)
{
	return s ? strdup(s) : NULL;
}

int as_grower_copy(struct as_grower *to, const struct as_grower *from)
{
	to->name = strdup(from->name);
	to->file = strdup(from->file);
	to->buffer = strdup(from->buffer);
	to->line = from->line;
	to->param = from->param;
	if (to->name && to->file && to->buffer)
		return 0;
	as_grower_free(to);
	return -1;
}

void as_grower_free(struct as_grower *g)
{
	free(g->name);
	free(g->file);
	free(g->buffer);
	memset(g, 0, sizeof *g);
}

static void rule_free(struct as_rule *r)
{
	if (!r)
		return;
	free(r->name);
	free(r->shown_as);
	free(r->pack);
	free(r->field);
	free(r->trace);
	free(r);
}

static struct as_rule *rule_copy(const struct as_rule *from)
{
	struct as_rule *r = malloc(sizeof *r);

	if (!r)
		return NULL;
	*r = *from;
	r->name = dup_or_null(from->name);
	r->shown_as = dup_or_null(from->shown_as);
	r->pack = dup_or_null(from->pack);
	r->field = dup_or_null(from->field);
	r->trace = dup_or_null(from->trace);
	if (r->name && r->shown_as && r->pack && !r->field == !from->field && !r->trace == !from->trace)
		return r;
	rule_free(r);
	return NULL;
}

int as_exports_add(struct as_exports *x, const char *name, const char *where, const struct as_rule *rule,
		   const struct as_grower *grower)
{
	struct as_export e = { 0 };

	if (AS_GROW(x->v, x->n, x->cap))
		return -1;
	e.name = strdup(name);
	e.where = strdup(where);
	if (!e.name || !e.where || (rule && !(e.rule = rule_copy(rule))))
		goto fail;
	if (grower && (!(e.grower = calloc(1, sizeof *e.grower)) || as_grower_copy(e.grower, grower)))
		goto fail;
	x->v[x->n++] = e;
	return 0;
fail:
	free(e.name);
	free(e.where);
	rule_free(e.rule);
	free(e.grower); /* as_grower_copy frees what it copied on failure */
	return -1;
}

void as_exports_free(struct as_exports *x)
{
	for (size_t i = 0; i < x->n; i++) {
		free(x->v[i].name);
		free(x->v[i].where);
		rule_free(x->v[i].rule);
		if (x->v[i].grower)
			as_grower_free(x->v[i].grower);
		free(x->v[i].grower);
	}
	free(x->v);
	memset(x, 0, sizeof *x);
}

static int same_rule(const struct as_rule *a, const struct as_rule *b)
{
	if (!a || !b)
		return a == b;
	return a->role == b->role && a->family == b->family && a->size == b->size && a->count == b->count &&
	       a->src == b->src && a->dst == b->dst && a->ptr == b->ptr && a->scale == b->scale && a->add == b->add &&
	       a->zeroed == b->zeroed && !a->field == !b->field && (!a->field || !strcmp(a->field, b->field));
}

static int same_grower(const struct as_grower *a, const struct as_grower *b)
{
	if (!a || !b)
		return a == b;
	return a->line == b->line && !strcmp(a->file, b->file) && !strcmp(a->buffer, b->buffer);
}

static int cmp_export(const void *a, const void *b)
{
	const struct as_export *x = *(const struct as_export *const *)a, *y = *(const struct as_export *const *)b;

	return strcmp(x->name, y->name);
}

static int add_grower(struct as_program *p, const struct as_grower *g, size_t *cap)
{
	if (AS_GROW(p->growers, p->ngrowers, *cap) || as_grower_copy(&p->growers[p->ngrowers], g))
		return -1;
	p->ngrowers++;
	return 0;
}

int as_program_build(struct as_program *p, const struct as_exports *const *units, size_t n)
{
	const struct as_export **all;
	size_t total = 0, k = 0, capg = 0;
	int rc = 0;

	memset(p, 0, sizeof *p);
	for (size_t i = 0; i < n; i++)
		total += units[i] ? units[i]->n : 0;
	if (!total)
		return 0;
	if (!(all = malloc(total * sizeof *all)))
		return -1;
	for (size_t i = 0; i < n; i++)
		for (size_t j = 0; units[i] && j < units[i]->n; j++)
			all[k++] = &units[i]->v[j];
	/* Sorted by name, growers come out sorted for as_program_grower. */
	qsort(all, total, sizeof *all, cmp_export);
	for (size_t i = 0; i < total && !rc;) {
		size_t j = i + 1;
		int agree = 1;
		for (; j < total && !strcmp(all[j]->name, all[i]->name); j++)
			agree = agree && !strcmp(all[j]->where, all[i]->where) && same_rule(all[j]->rule, all[i]->rule) &&
				same_grower(all[j]->grower, all[i]->grower);
		if (!agree)
			rc = as_names_add(&p->conflicts, all[i]->name, strlen(all[i]->name));
		if (agree && all[i]->rule && !rc)
			rc = as_rules_add(&p->rules, all[i]->rule);
		if (agree && all[i]->grower && !rc)
			rc = add_grower(p, all[i]->grower, &capg);
		i = j;
	}
	free(all);
	as_names_seal(&p->conflicts);
	if (rc)
		as_program_free(p);
	return rc;
}

const struct as_grower *as_program_grower(const struct as_program *p, const char *name, size_t len)
{
	size_t lo = 0, hi = p->ngrowers;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		int c = strncmp(p->growers[mid].name, name, len);
		if (!c && p->growers[mid].name[len])
			c = 1;
		if (!c)
			return &p->growers[mid];
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return NULL;
}

static const struct as_rule *rule_of(const struct as_program *p, const char *name)
{
	return p->rules.nrules ? as_rules_function(&p->rules, name, strlen(name)) : NULL;
}

/* Names of a whose entry in b is missing or different. */
static int one_way(const struct as_program *a, const struct as_program *b, struct as_names *out)
{
	for (size_t i = 0; i < a->rules.nrules; i++) {
		const char *nm = a->rules.rules[i].name;
		if (!same_rule(&a->rules.rules[i], rule_of(b, nm)) && as_names_add(out, nm, strlen(nm)))
			return -1;
	}
	for (size_t i = 0; i < a->ngrowers; i++) {
		const char *nm = a->growers[i].name;
		if (!same_grower(&a->growers[i], as_program_grower(b, nm, strlen(nm))) &&
		    as_names_add(out, nm, strlen(nm)))
			return -1;
	}
	return 0;
}

int as_program_changed(const struct as_program *a, const struct as_program *b, struct as_names *out)
{
	return one_way(a, b, out) || one_way(b, a, out) ? -1 : 0;
}

void as_program_free(struct as_program *p)
{
	as_rules_free(&p->rules);
	for (size_t i = 0; i < p->ngrowers; i++)
		as_grower_free(&p->growers[i]);
	free(p->growers);
	as_names_free(&p->conflicts);
	memset(p, 0, sizeof *p);
}
