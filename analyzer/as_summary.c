/* as_summary.c - function summaries within a translation unit, kept as
 * rules so the detectors see through helpers: "returns a fresh allocation
 * of size S from family F" (alloc), "copies N bytes from parameter i into
 * the buffer of parameter j" (copy), "is itself a dup helper" (dup: its own
 * allocate-and-copy is not a site, its callers in loops are). Sizes must be
 * a parameter, a parameter times a constant, or the product of two
 * parameters. Two rounds, so a helper built on a helper is seen too. Also
 * noted: functions that regrow a buffer they keep by an additive step on
 * every call, whose loop is in their callers. */
#include "as_summary.h"

#include <stdlib.h>
#include <string.h>

#include "as_detect.h"

static int param_index(CXCursor fn, const char *name)
{
	int n = clang_Cursor_getNumArguments(fn);

	for (int i = 0; i < n; i++) {
		CXString s = clang_getCursorSpelling(clang_Cursor_getArgument(fn, (unsigned)i));
		int same = !strcmp(clang_getCString(s), name);
		clang_disposeString(s);
		if (same)
			return i;
	}
	return -1;
}

/* Maps a size key onto the helper's parameters; -1 if it is not one of
 * the shapes a rule can carry. */
static int size_roles(struct as_fn *fn, const struct as_key *k, struct as_rule *r)
{
	int params[2], np = 0;
	long long scale = 1;

	if (!k || k->unknown)
		return -1;
	if (!k->op) {
		if (k->is_num || (params[0] = param_index(fn->cur, k->text)) < 0)
			return -1;
		r->size = params[0];
		return 0;
	}
	if (strcmp(k->op, "*"))
		return -1;
	for (int i = 0; i < k->nkid; i++) {
		const struct as_key *x = k->kid[i];
		if (x->is_num)
			scale *= x->num;
		else if (x->op || np == 2 || (params[np++] = param_index(fn->cur, x->text)) < 0)
			return -1;
	}
	if (np == 1) {
		r->size = params[0];
		r->scale = scale;
		return 0;
	}
	if (np == 2 && scale == 1) {
		r->count = params[0];
		r->size = params[1];
		return 0;
	}
	return -1;
}

static void rule_init(struct as_rule *r, const char *name, enum as_role role)
{
	memset(r, 0, sizeof *r);
	r->name = (char *)name;
	r->shown_as = (char *)name;
	r->pack = "(summary)";
	r->role = role;
	r->family = -1;
	r->size = r->count = r->type = r->ptr = r->dst = r->src = AS_NO_ARG;
	r->summary = 1;
}

static int family_of(const struct as_call *c)
{
	return c->macro && c->expanded_family >= 0 ? c->expanded_family : c->rule->family;
}

/* The allocation call whose block the function returns on every path
 * that returns a value (NULL aside), or -1. */
static int returned_alloc(struct as_fn *fn)
{
	int alloc = -1;

	for (int i = 0; i < fn->nev; i++) {
		const struct as_event *e = &fn->ev[i];
		CXCursor v;
		long long z;
		int found = -1;

		if (e->kind != AS_EV_RETURN)
			continue;
		v = as_strip(e->rhs);
		if (clang_Cursor_isNull(v) || (as_eval_int(v, &z) && z == 0))
			continue;
		for (int j = i - 1; j >= 0 && found < 0; j--) {
			const struct as_event *a = &fn->ev[j];
			if (a->kind != AS_EV_CALL || !a->call->rule || a->call->rule->role != AS_ROLE_ALLOC)
				continue;
			if ((e->key && as_call_stores_to(a->call, e->key)) || clang_equalCursors(a->call->cur, v))
				found = j;
		}
		if (found < 0 || (alloc >= 0 && alloc != found))
			return -1;
		alloc = found;
	}
	return alloc;
}

static int note_grower(struct as_fn *fn)
{
	struct as_tu *tu = fn->tu;
	struct as_grower *g;
	const char *buffer;
	unsigned line;

	if (!as_churn_per_call(fn, &line, &buffer))
		return 0;
	g = realloc(tu->growers, (tu->ngrowers + 1) * sizeof *g);
	if (!g)
		return -1;
	tu->growers = g;
	g[tu->ngrowers].name = strdup(fn->name);
	g[tu->ngrowers].buffer = strdup(buffer);
	g[tu->ngrowers].line = line;
	if (!g[tu->ngrowers].name || !g[tu->ngrowers].buffer) {
		free(g[tu->ngrowers].name);
		free(g[tu->ngrowers].buffer);
		return -1;
	}
	tu->ngrowers++;
	return 0;
}

static int summarise(struct as_fn *fn, struct as_rules *out)
{
	struct as_rule r;
	int a = returned_alloc(fn);

	if (a >= 0) {
		const struct as_call *alloc = fn->ev[a].call;
		/* A copy of a parameter into the returned block: a dup helper. */
		for (int c = a + 1; c < fn->nev; c++) {
			const struct as_call *copy = fn->ev[c].call;
			struct as_key *dk, *sk;
			if (fn->ev[c].kind != AS_EV_CALL || !copy->rule || copy->rule->role != AS_ROLE_COPY)
				continue;
			dk = as_fn_lvalue_key(fn, as_call_role(copy, copy->rule->dst));
			sk = as_fn_lvalue_key(fn, as_call_role(copy, copy->rule->src));
			/* Only a function that duplicates by itself: one that composes
			 * helpers (ary_new, then ary_memcpy) is where the site is. */
			if (alloc->rule->summary || copy->rule->summary)
				continue;
			if (dk->unknown || sk->unknown || sk->op || !as_call_stores_to(alloc, as_key_str(fn->tu, dk)) ||
			    param_index(fn->cur, sk->text) < 0 ||
			    !as_key_equal(fn->tu, as_call_size(fn, alloc), as_call_size(fn, copy)))
				continue;
			rule_init(&r, fn->name, AS_ROLE_DUP);
			r.family = family_of(alloc);
			r.src = param_index(fn->cur, sk->text);
			return as_rules_add(out, &r);
		}
		rule_init(&r, fn->name, AS_ROLE_ALLOC);
		r.family = family_of(alloc);
		r.zeroed = alloc->rule->zeroed;
		if (!size_roles(fn, as_call_size(fn, alloc), &r))
			return as_rules_add(out, &r);
		return 0;
	}
	/* An unconditional copy between two parameters: a copy helper. */
	for (int c = 0; c < fn->nev; c++) {
		const struct as_call *copy = fn->ev[c].call;
		struct as_key *dk, *sk;
		if (fn->ev[c].kind != AS_EV_CALL || !copy->rule || copy->rule->role != AS_ROLE_COPY ||
		    fn->ev[c].region != 0)
			continue;
		dk = as_fn_lvalue_key(fn, as_call_role(copy, copy->rule->dst));
		sk = as_fn_lvalue_key(fn, as_call_role(copy, copy->rule->src));
		if (dk->unknown || sk->unknown || dk->op || sk->op)
			continue;
		rule_init(&r, fn->name, AS_ROLE_COPY);
		r.dst = param_index(fn->cur, dk->text);
		r.src = param_index(fn->cur, sk->text);
		if (r.dst >= 0 && r.src >= 0 && !size_roles(fn, as_call_size(fn, copy), &r))
			return as_rules_add(out, &r);
	}
	return 0;
}

struct pass {
	struct as_tu *tu;
	int added;
	int round;
};

static enum CXChildVisitResult each_function(CXCursor c, CXCursor parent, CXClientData data)
{
	struct pass *p = data;
	struct as_fn fn;
	CXString s;
	const char *name;
	size_t before = p->tu->summaries.nrules;

	(void)parent;
	if (clang_getCursorKind(c) != CXCursor_FunctionDecl || !clang_isCursorDefinition(c) ||
	    clang_Location_isInSystemHeader(clang_getCursorLocation(c)))
		return CXChildVisit_Continue;
	s = clang_getCursorSpelling(c);
	name = clang_getCString(s);
	/* A pack's word on a function stands; so does an earlier summary. */
	if (!as_tu_function(p->tu, name, strlen(name)) && as_facts_may_summarise(p->tu, c) &&
	    !as_facts_build(&fn, p->tu, c)) {
		summarise(&fn, &p->tu->summaries);
		if (p->round == 0)
			note_grower(&fn);
	}
	clang_disposeString(s);
	as_arena_reset(&p->tu->arena);
	p->added += p->tu->summaries.nrules > before;
	return CXChildVisit_Continue;
}

void as_summaries_build(struct as_tu *tu)
{
	for (int round = 0; round < 2; round++) {
		struct pass p = { tu, 0, round };
		clang_visitChildren(clang_getTranslationUnitCursor(tu->tu), each_function, &p);
		if (!p.added)
			break;
	}
}
