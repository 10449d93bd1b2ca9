/* as_hand_realloc.c - a reallocation written out by hand: a new block
 * allocated, the old buffer copied into it, the old one freed and the
 * buffer pointer set to the new block (q = malloc(n + 16); memcpy(q, p,
 * len); free(p); p = q), or with no free when the block's family has
 * none (a pool released whole: mruby's parser tables). It moves the bytes
 * as realloc does, so the realloc-churn rule judges its growth as it would
 * realloc(p, n + 16)'s. */
#include "as_detect.h"

#include <string.h>

/* The key text of argument index of call c, NULL if it has none. */
static const char *arg_key(struct as_fn *fn, const struct as_call *c, int index)
{
	CXCursor a = as_call_role(c, index);
	struct as_key *k;

	if (clang_Cursor_isNull(a))
		return NULL;
	k = as_fn_lvalue_key(fn, a);
	return k->unknown ? NULL : as_key_str(fn->tu, k);
}

/* The first event after from, inside region, that copies the buffer key
 * src into dst with a pack's copy; -1 if none. */
static int find_copy(struct as_fn *fn, int from, int region, const char *src, const char *dst)
{
	for (int e = from + 1; e < fn->nev; e++) {
		const struct as_event *ev = &fn->ev[e];
		const struct as_call *c = ev->call;
		const char *s, *d;
		if (ev->kind != AS_EV_CALL || !c->rule || c->rule->role != AS_ROLE_COPY ||
		    !as_region_within(fn, ev->region, region))
			continue;
		if ((s = arg_key(fn, c, c->rule->src)) && !strcmp(s, src) && (d = arg_key(fn, c, c->rule->dst)) &&
		    !strcmp(d, dst))
			return e;
	}
	return -1;
}

/* The first event after from, inside region, that frees the buffer key
 * p; -1 if none. */
static int find_free(struct as_fn *fn, int from, int region, const char *p)
{
	for (int e = from + 1; e < fn->nev; e++) {
		const char *k = as_event_freed_key(fn, &fn->ev[e]);
		if (k && !strcmp(k, p) && as_region_within(fn, fn->ev[e].region, region))
			return e;
	}
	return -1;
}

const struct as_call *as_hand_realloc(struct as_fn *fn, int i, int *freed)
{
	const struct as_event *ae = &fn->ev[i];
	const struct as_call *a = ae->call;
	const struct as_family *fam;
	struct as_call *r;
	struct as_rule *rule;
	int pool;

	/* A pack macro's arguments are spans of its text; the old buffer is
	 * no argument of it. */
	if (ae->kind != AS_EV_CALL || !a->rule || a->rule->role != AS_ROLE_ALLOC || a->macro || a->nargs >= AS_MAX_ARGS)
		return NULL;
	/* A family no call frees: the old block stays in the pool, nothing to
	 * free (the pool's own helpers, parser_palloc, are summaries). */
	fam = as_call_family(fn, a);
	pool = fam && fam->nfrees == 0 && !a->rule->field;
	if (a->rule->summary && !pool)
		return NULL;
	for (int t = 0; t < a->ntargets; t++) {
		const char *q = a->target[t];
		/* q = p, after the old buffer p was copied into q and freed. */
		for (int s = i + 1; s < fn->nev; s++) {
			const struct as_event *st = &fn->ev[s];
			struct as_key *rk;
			const char *p;
			int c, f;
			if (st->kind != AS_EV_ASSIGN || !st->key || strcmp(st->op, "=") || clang_Cursor_isNull(st->rhs) ||
			    !as_region_within(fn, st->region, ae->region))
				continue;
			rk = as_fn_lvalue_key(fn, st->rhs);
			if (rk->unknown || strcmp(as_key_str(fn->tu, rk), q) || !strcmp(st->key, q))
				continue;
			p = st->key;
			if ((c = find_copy(fn, i, ae->region, p, q)) < 0 || c > s)
				continue;
			f = pool ? -1 : find_free(fn, c, ae->region, p);
			if (!pool && (f < 0 || f > s))
				continue;
			/* The allocation, read as realloc(p, size): p is one more
			 * argument, the cursor of the old buffer where it is freed
			 * (where it is copied from, in a pool). */
			rule = as_arena_alloc(&fn->tu->arena, sizeof *rule);
			*rule = *a->rule;
			rule->role = AS_ROLE_REALLOC;
			rule->ptr = a->nargs;
			rule->assigns = 0;
			r = as_arena_alloc(&fn->tu->arena, sizeof *r);
			*r = *a;
			r->rule = rule;
			r->arg[r->nargs++] = f >= 0 ? as_call_role(fn->ev[f].call, fn->ev[f].call->rule->ptr)
						    : as_call_role(fn->ev[c].call, fn->ev[c].call->rule->src);
			*freed = f >= 0;
			return r;
		}
	}
	return NULL;
}
