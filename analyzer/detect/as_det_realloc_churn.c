/* as_det_realloc_churn.c - rule realloc-churn: a reallocation whose size
 * grows by an additive step (n + 1, len + k, (i + 1) * sizeof *p, a capacity
 * raised by 16 under a guard), so the total copying is quadratic: inside a
 * loop, or on every call of a function that keeps the buffer (a field, a
 * global, *out), and at calls in loops of such a function. Geometric growth
 * (judged by value, as_growth.c) and guarded growth by large or variable
 * chunks are not. */
#include "as_detect.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int step_carries(struct as_fn *fn, int e, const char *buf);

/* The key text of the buffer reallocation call grows. */
static const char *grown_key(struct as_fn *fn, const struct as_call *call)
{
	return as_key_str(fn->tu, as_fn_lvalue_key(fn, as_call_role(call, call->rule->ptr)));
}

/* True if update event ev stores to the size leaf: its key, or the key
 * of what it stores to as a size reads it, locals replaced by their one
 * definition (g->depth is leaf scanner.depth after g = (T *) scanner,
 * flex's yyg). */
static int updates_leaf(struct as_fn *fn, const struct as_event *ev, const char *leaf)
{
	CXCursor kid[1];
	struct as_key *k;

	if (!strcmp(ev->key, leaf))
		return 1;
	if (!strchr(ev->key, '.') || clang_getCursorKind(ev->cur) == CXCursor_VarDecl ||
	    as_children(ev->cur, kid, 1) < 1)
		return 0;
	k = as_fn_size_key(fn, kid[0]);
	return !k->unknown && !strcmp(as_key_str(fn->tu, k), leaf);
}

struct leaves {
	const char *key[16];
	int additive[16]; /* set by additive_step: the key grows by a step */
	int n;
};

/* Every leaf of the size of reallocation event i that is updated in the
 * function gets its value, on the way to i, from an assignment that
 * carries no growing count (step_carries): the reallocation refits the
 * buffer to a fresh size rather than growing it. */
static int refit(struct as_fn *fn, int i, const struct as_key *pk, const struct leaves *size)
{
	int fresh = 0;

	for (int l = 0; l < size->n; l++) {
		int def = -1;
		for (int e = i - 1; e >= 0 && def < 0; e--) {
			const struct as_event *ev = &fn->ev[e];
			if ((ev->kind == AS_EV_ASSIGN || ev->kind == AS_EV_INCDEC) && ev->key &&
			    updates_leaf(fn, ev, size->key[l]))
				def = e;
		}
		if (def < 0)
			continue;
		if (!as_region_within(fn, fn->ev[i].region, fn->ev[def].region) ||
		    step_carries(fn, def, as_key_str(fn->tu, pk)))
			return 0;
		fresh = 1;
	}
	return fresh;
}

/* *n, with n a plain name: one variable as far as updates go. */
static int is_deref_leaf(const struct as_key *k)
{
	return k->op && !strcmp(k->op, "u*") && k->nkid == 1 && !k->kid[0]->op;
}

static void add_leaf(struct leaves *l, const char *text)
{
	for (int i = 0; i < l->n; i++)
		if (!strcmp(l->key[i], text))
			return;
	if (l->n < 16)
		l->key[l->n++] = text;
}

/* The variables a size depends on; *n counts as one, as updates name it.
 * Not those inside a call's arguments (but strlen's): what the call makes
 * of them is not known (PostgreSQL's pg_nextpower2_32(n + 1) is
 * geometric in n). */
static void size_leaves(struct as_fn *fn, const struct as_key *k, struct leaves *l)
{
	if (!k->op) {
		if (!k->is_num)
			add_leaf(l, k->text);
		return;
	}
	if (!strcmp(k->op, "call") && k->has_call)
		return;
	if (is_deref_leaf(k)) {
		add_leaf(l, as_key_str(fn->tu, k));
		return;
	}
	/* What is subtracted shrinks the size as it grows (Perl's regatom
	 * grows its fold buffer by oldp - redo_p, the input still to read,
	 * while redo_p walks forward). */
	for (int i = 0; i < (!strcmp(k->op, "-") && k->nkid == 2 ? 1 : k->nkid); i++)
		size_leaves(fn, k->kid[i], l);
}

/* Whether an additive update of v adds a constant below AS_CHUNK (v++,
 * v += 16, v = len + n + 16) or what is needed plus a margin (v += n + 512):
 * a capacity guard around it does not help, the buffer is still regrown
 * every few passes. Chunks of AS_CHUNK or more, and other steps that are
 * not constant, are taken as deliberate. */
#define AS_CHUNK 256
static int small_step(struct as_fn *fn, const struct as_event *e)
{
	struct as_key *rhs;
	int nums = 0;

	if (e->kind == AS_EV_INCDEC)
		return 1;
	if (clang_Cursor_isNull(e->rhs))
		return 0;
	rhs = as_growth_stored_key(fn, e->rhs);
	/* v += need + margin (Tcl's allocated += toWrite + INCREMENT): raised
	 * by what this pass needs plus a constant, whatever its size: the
	 * margin is used up after a few passes. */
	if (!strcmp(e->op, "+=") && rhs->op && !strcmp(rhs->op, "+") && !rhs->unknown)
		for (int i = 0; i < rhs->nkid; i++)
			if (rhs->kid[i]->is_num && rhs->kid[i]->num > 0)
				return 1;
	if (!strcmp(e->op, "+="))
		return rhs->is_num && rhs->num > 0 && rhs->num < AS_CHUNK;
	if (strcmp(e->op, "=") || !rhs->op || strcmp(rhs->op, "+"))
		return 0;
	for (int i = 0; i < rhs->nkid; i++) {
		const struct as_key *k = rhs->kid[i];
		if (k->is_num)
			nums += k->num > 0 && k->num < AS_CHUNK ? 1 : 2;
		else if (k->op || k->unknown)
			return 0;
	}
	return nums == 1;
}

/* A size of what is needed plus a small margin (Onigmo's len + addlen +
 * NODE_STR_MARGIN): whatever the step, the buffer is regrown as soon as
 * the margin is used up, guard or not. A constant of 1 is a terminator,
 * not a margin. */
static int margin(const struct as_key *sz)
{
	if (!sz->op || strcmp(sz->op, "+"))
		return 0;
	for (int i = 0; i < sz->nkid; i++)
		if (sz->kid[i]->is_num)
			return sz->kid[i]->num > 1 && sz->kid[i]->num < AS_CHUNK;
	return 0;
}

/* Keys read in a condition. */
static enum CXChildVisitResult cond_keys(CXCursor c, CXCursor parent, CXClientData data)
{
	struct leaves *l = data;
	enum CXCursorKind k = clang_getCursorKind(c);

	(void)parent;
	if ((k == CXCursor_DeclRefExpr || k == CXCursor_MemberRefExpr) && l->n < 16) {
		CXString s = clang_getCursorSpelling(c);
		/* Member names alone: cap in s->cap and in cap compare equal, which
		 * errs on the side of seeing a guard. */
		l->key[l->n++] = strdup(clang_getCString(s));
		clang_disposeString(s);
	}
	return CXChildVisit_Recurse;
}

static int leaf_named(const char *leaf, const char *name)
{
	const char *dot = strrchr(leaf, '.');

	return !strcmp(leaf, name) || (dot && !strcmp(dot + 1, name));
}

/* A branch between the loop and the reallocation whose condition compares a
 * variable the size depends on (or one the branch sets): a capacity guard.
 * room_only: only a variable the branch sets counts (the room left, which
 * the branch raises again: if (free == 0) { ...; free += len; }), not one
 * that merely reads the count (if (len > 0)). */
static int guarded(struct as_fn *fn, int region, int loop, const struct leaves *size, int room_only)
{
	for (int r = region; r >= 0 && r != loop; r = fn->regions[r].parent) {
		const struct as_region *g = &fn->regions[r];
		struct leaves ck = { { 0 }, { 0 }, 0 };
		int hit = 0;

		if (g->kind != AS_REGION_BRANCH || !g->cond_is_comparison)
			continue;
		clang_visitChildren(g->cond, cond_keys, &ck);
		cond_keys(g->cond, clang_getNullCursor(), &ck);
		for (int i = 0; i < ck.n && !hit; i++) {
			for (int j = 0; j < size->n && !hit && !room_only; j++)
				hit = leaf_named(size->key[j], ck.key[i]);
			for (int e = 0; e < fn->nev && !hit; e++)
				hit = (fn->ev[e].kind == AS_EV_ASSIGN || fn->ev[e].kind == AS_EV_INCDEC) &&
				      fn->ev[e].key && as_region_within(fn, fn->ev[e].region, r) &&
				      leaf_named(fn->ev[e].key, ck.key[i]);
		}
		for (int i = 0; i < ck.n; i++)
			free((void *)ck.key[i]);
		if (hit)
			return 1;
	}
	return 0;
}

/* The result goes back into the pointer it grew: directly, through a macro
 * that assigns, or through a temporary copied back later in the loop. */
static int stored_back(struct as_fn *fn, int i, const char *ptr, int loop)
{
	const struct as_call *c = fn->ev[i].call;

	if (c->rule->assigns || c->rule->in_place || as_call_stores_to(c, ptr))
		return 1;
	for (int t = 0; t < c->ntargets; t++)
		for (int e = i + 1; e < fn->nev; e++) {
			const struct as_event *ev = &fn->ev[e];
			if (ev->kind == AS_EV_ASSIGN && ev->key && !strcmp(ev->key, ptr) && !strcmp(ev->op, "=") &&
			    as_region_within(fn, ev->region, loop)) {
				struct as_key *rk = as_fn_lvalue_key(fn, ev->rhs);
				if (!rk->unknown && !strcmp(as_key_str(fn->tu, rk), c->target[t]))
					return 1;
			}
		}
	return 0;
}

/* True if, on every pass of loop scope before reallocation event i, the
 * buffer (or the object holding it) is set afresh: allocated, or set to
 * NULL. Each pass then grows a new object once: nothing is quadratic. */
static int fresh_each_pass(struct as_fn *fn, int i, int scope, const char *ptr)
{
	for (int e = 0; e < i; e++) {
		const struct as_event *ev = &fn->ev[e];
		struct as_key *rk;
		/* A pack macro that stores a fresh block into its argument
		 * (NEW_OBJ(o)), whatever its body does on the way. */
		if (ev->kind == AS_EV_CALL && ev->call->rule && ev->call->rule->role == AS_ROLE_ALLOC &&
		    ev->call->rule->assigns && as_call_stores_to(ev->call, ptr) && as_region_within(fn, ev->region, scope) &&
		    as_region_within(fn, fn->ev[i].region, ev->region))
			return 1;
		if (ev->kind != AS_EV_ASSIGN || !ev->key || strcmp(ev->op, "=") || clang_Cursor_isNull(ev->rhs) ||
		    !as_key_covers(ev->key, ptr) || !as_region_within(fn, ev->region, scope) ||
		    !as_region_within(fn, fn->ev[i].region, ev->region))
			continue;
		rk = as_fn_size_key(fn, ev->rhs);
		if (rk->is_num && rk->num == 0)
			return 1;
		for (int c = 0; c < fn->nev; c++) {
			const struct as_call *a = fn->ev[c].call;
			if (fn->ev[c].kind == AS_EV_CALL && a->rule && a->rule->role == AS_ROLE_ALLOC &&
			    as_event_stores_call(fn, ev, a))
				return 1;
		}
	}
	return 0;
}

/* Whether reallocation event i grows its buffer by an additive step within
 * region scope (a loop, or the whole function for growth per call): the
 * text of the growing variable, or NULL; *behind_guard tells whether a
 * capacity guard skips it while there is room, *unknown whether the size's
 * counts change there in a way classed neither additive nor geometric. */
static const char *additive_step(struct as_fn *fn, int i, int scope, struct leaves *size, int *behind_guard,
				 int *unknown)
{
	const struct as_call *call = fn->ev[i].call;
	enum as_growth g = AS_GROWTH_NONE;
	struct as_key *pk, *sz;
	const char *step = NULL;
	int small = 0, updated = 0;

	pk = as_fn_lvalue_key(fn, as_call_role(call, call->rule->ptr));
	sz = as_call_size(fn, call);
	/* A reallocation spelled wholly inside macro bodies (Ruby's RESIZE_CAPA
	 * down to ruby_xrealloc2) names no buffer in the source: a report
	 * could not say what grows, nor a fix where. */
	if (!*as_call_role_text(fn, call, call->rule->ptr) || pk->unknown || !sz || sz->unknown ||
	    !stored_back(fn, i, as_key_str(fn->tu, pk), scope) ||
	    (scope > 0 && fresh_each_pass(fn, i, scope, as_key_str(fn->tu, pk))))
		return NULL;
	size_leaves(fn, sz, size);
	/* A guard that skips it while there is room, and a new size a factor
	 * above the old: geometric, whatever the counts do. */
	if (as_growth_guarded_geometric(fn, i, scope) || as_growth_fallback(fn, i) || as_growth_shrinks(fn, i, scope))
		return NULL;
	/* Per call, a size set afresh on the way to this reallocation (a
	 * search restarted from another string: s->size = 64 + last_len)
	 * makes it a refit, whatever other paths add to the size. */
	if (scope == 0 && refit(fn, i, pk, size))
		return NULL;
	for (int e = 0; e < fn->nev && g != AS_GROWTH_GEOMETRIC; e++) {
		const struct as_event *ev = &fn->ev[e];
		if ((ev->kind != AS_EV_ASSIGN && ev->kind != AS_EV_INCDEC) || !ev->key ||
		    !as_region_within(fn, ev->region, scope))
			continue;
		for (int l = 0; l < size->n; l++) {
			enum as_growth u;
			if (!updates_leaf(fn, ev, size->key[l]))
				continue;
			u = as_growth_update(fn, e, scope);
			if (u == AS_GROWTH_ADDITIVE && scope == 0 && !step_carries(fn, e, as_key_str(fn->tu, pk)))
				u = AS_GROWTH_UNKNOWN;
			updated = 1;
			if (u > g)
				g = u;
			if (u == AS_GROWTH_ADDITIVE)
				size->additive[l] = 1;
			/* One small step is enough: another update may be the first
			 * allocation's size (r->allocated = toWrite + INCREMENT). */
			if (u == AS_GROWTH_ADDITIVE && small_step(fn, ev))
				small = 1;
			if (u == AS_GROWTH_ADDITIVE && !step) {
				CXCursor kid[1];
				/* Name the variable as the user wrote it (s->len, not s.len). */
				step = as_children(ev->cur, kid, 1) >= 1 && ev->kind == AS_EV_INCDEC
					       ? as_fn_text(fn, kid[0])
					       : size->key[l];
				if (ev->kind == AS_EV_ASSIGN && as_children(ev->cur, kid, 1) >= 1 &&
				    clang_getCursorKind(ev->cur) != CXCursor_VarDecl)
					step = as_fn_text(fn, kid[0]);
			}
		}
	}
	if (g != AS_GROWTH_ADDITIVE) {
		*unknown = updated && g == AS_GROWTH_UNKNOWN;
		return NULL;
	}
	*behind_guard = guarded(fn, fn->ev[i].region, scope, size, 0);
	if (!small && !margin(sz) && *behind_guard)
		return NULL;
	/* Regrown when the room the branch keeps runs out, to a factor above 1
	 * times the count (Redis's randptr: if (randfree == 0) { grow to
	 * randlen * 2; randfree += randlen; }): geometric, however the room is
	 * tracked. */
	if (guarded(fn, fn->ev[i].region, scope, size, 1) && as_growth_multiple(fn, i, scope))
		return NULL;
	return step;
}

static int persistent_at(struct as_fn *fn, const char *key, int depth);

/* An allocator's own reallocation (a pack's realloc entry, or a helper
 * summarised as one): its callers choose the sizes, its growth is theirs. */
static int is_reallocator(struct as_fn *fn)
{
	const struct as_rule *self = as_tu_function(fn->tu, fn->name, strlen(fn->name));

	return self && self->role == AS_ROLE_REALLOC;
}

static int is_assignment(struct as_fn *fn, CXCursor e)
{
	return clang_getCursorKind(e) == CXCursor_BinaryOperator && !strcmp(as_binop(fn->tu, e), "=");
}

/* True if the value of expression e was read from storage that outlives the
 * call (*val, b->buf, a global, (p = *val)[0], b->cap + 4): a chain of assignments
 * yields its last value, and an element or field read through a pointer
 * is kept when the pointer points into kept storage. */
static int value_kept(struct as_fn *fn, CXCursor e, int depth)
{
	enum CXCursorKind kind;
	CXCursor kid[2];
	struct as_key *k;

	e = as_strip(e);
	kind = clang_getCursorKind(e);
	if (is_assignment(fn, e))
		return as_children(e, kid, 2) == 2 && value_kept(fn, kid[1], depth);
	/* A kept count plus a step: n = b->cap + 4. */
	if (kind == CXCursor_BinaryOperator && !strcmp(as_binop(fn->tu, e), "+"))
		return as_children(e, kid, 2) == 2 && (value_kept(fn, kid[0], depth) || value_kept(fn, kid[1], depth));
	/* A length kept as an end pointer, read as its offset from the block
	 * (mruby's stack: size = c->stend - c->stbase): what is subtracted
	 * does not make the value, as in size_leaves. */
	if (kind == CXCursor_BinaryOperator && !strcmp(as_binop(fn->tu, e), "-"))
		return as_children(e, kid, 2) == 2 && value_kept(fn, kid[0], depth);
	k = as_fn_lvalue_key(fn, e);
	/* Only a variable or an lvalue path names storage; not a call or a number. */
	if (!k->unknown && (k->op ? is_deref_leaf(k) : !k->is_num) &&
	    persistent_at(fn, as_key_str(fn->tu, k), depth))
		return 1;
	if ((kind == CXCursor_ArraySubscriptExpr || kind == CXCursor_MemberRefExpr ||
	     (kind == CXCursor_UnaryOperator && !strcmp(as_unop(fn->tu, e, &(int){ 0 }), "*"))) &&
	    as_children(e, kid, 1) >= 1) {
		CXCursor base = as_strip(kid[0]);
		struct as_key *bk = as_fn_lvalue_key(fn, base);
		/* Through a pointer parameter, a global or a kept pointer. */
		if (!bk->unknown && !bk->op && !as_fn_local(fn, bk->text))
			return 1;
		return value_kept(fn, base, depth);
	}
	return 0;
}

/* The index of the parameter key's storage hangs from (b in b->s, out in
 * *out), -1 for none. */
static int root_param(struct as_fn *fn, const char *key)
{
	size_t n;

	while (*key == '*')
		key++;
	n = strcspn(key, ".[");
	for (int i = 0; i < clang_Cursor_getNumArguments(fn->cur); i++) {
		CXString s = clang_getCursorSpelling(clang_Cursor_getArgument(fn->cur, (unsigned)i));
		int same = strlen(clang_getCString(s)) == n && !strncmp(clang_getCString(s), key, n);
		clang_disposeString(s);
		if (same)
			return i;
	}
	return -1;
}

/* True if local l is a pointer whose one definition is a parameter, cast
 * or not (flex's yyg = (struct yyguts_t *) yyscanner), or a pointer read
 * from kept storage: what it points to outlives the call. */
static int points_to_kept(struct as_fn *fn, const struct as_local *l, int depth)
{
	CXCursor v;
	struct as_key *k;

	if (l->defs != 1 || clang_Cursor_isNull(l->init) ||
	    clang_getCanonicalType(clang_getCursorType(l->init)).kind != CXType_Pointer)
		return 0;
	v = as_strip(l->init);
	k = as_fn_lvalue_key(fn, v);
	if (!k->unknown && !k->op && !k->is_num && root_param(fn, k->text) >= 0)
		return 1;
	return value_kept(fn, v, depth + 1);
}

/* True if key names storage that outlives a call: a parameter's pointee
 * (b->buf, *out), a global, a static local, or a local that some assignment
 * loads from such storage (ptr = *val; size = ptr[0]) - not a plain local. */
static int persistent_at(struct as_fn *fn, const char *key, int depth)
{
	size_t n = strcspn(key, ".[");
	const struct as_local *l;
	char root[256];
	int deref = 0;

	for (; key[0] == '*'; key++, n--)
		deref = 1;
	if (n >= sizeof root || depth > 3)
		return 0;
	memcpy(root, key, n);
	root[n] = '\0';
	if (root_param(fn, key) >= 0)
		return deref || key[n] != '\0'; /* the parameter itself is a copy */
	if (!(l = as_fn_local(fn, root)) || l->kept)
		return 1;
	if (deref || key[n] != '\0')
		return points_to_kept(fn, l, depth); /* into a local object, or through a local pointer */
	for (int i = 0; i < fn->nev; i++) {
		const struct as_event *e = &fn->ev[i];
		if (e->kind == AS_EV_ASSIGN && e->key && !strcmp(e->key, root) && !strcmp(e->op, "=") &&
		    !clang_Cursor_isNull(e->rhs) && value_kept(fn, e->rhs, depth + 1))
			return 1;
	}
	return 0;
}

static int persistent(struct as_fn *fn, const char *key)
{
	return persistent_at(fn, key, 0);
}

/* The root of a key's path (b of b.len, g of g[3]), arena-owned. */
static const char *key_root(struct as_fn *fn, const char *key)
{
	while (key[0] == '*')
		key++;
	return as_arena_strndup(&fn->tu->arena, key, strcspn(key, ".["));
}

/* Key k, read through the definitions of the locals it reads, reads key
 * (m = n + 1; n++ ... reads n). */
static int reads_key(struct as_fn *fn, const struct as_key *k, const char *key, int depth)
{
	const char *ks;

	if (k->is_num || depth > 4)
		return 0;
	if (k->op && strcmp(k->op, "u*")) {
		for (int i = 0; i < k->nkid; i++)
			if (reads_key(fn, k->kid[i], key, depth))
				return 1;
		return 0;
	}
	ks = as_key_str(fn->tu, k);
	if (!strcmp(ks, key))
		return 1;
	if (!as_fn_local(fn, ks) || as_fn_local(fn, ks)->kept)
		return 0;
	for (int e = 0; e < fn->nev; e++) {
		const struct as_event *ev = &fn->ev[e];
		if (ev->kind == AS_EV_ASSIGN && ev->key && !strcmp(ev->key, ks) && !clang_Cursor_isNull(ev->rhs) &&
		    reads_key(fn, as_fn_size_key(fn, ev->rhs), key, depth + 1))
			return 1;
	}
	return 0;
}

/* Update event e of a kept count raises it from its own value: n++,
 * n += k, n = n + k, or a local copy of it stored back (m = n; m++; n = m). */
static int raises_itself(struct as_fn *fn, int e)
{
	const struct as_event *ev = &fn->ev[e];

	if (ev->kind == AS_EV_INCDEC)
		return !strcmp(ev->op, "++");
	if (!strcmp(ev->op, "+=") || !strcmp(ev->op, "*=") || !strcmp(ev->op, "<<="))
		return 1;
	return !strcmp(ev->op, "=") && !clang_Cursor_isNull(ev->rhs) &&
	       reads_key(fn, as_fn_size_key(fn, ev->rhs), ev->key, 0);
}

/* Whether the value k read at event at carries a count that grows from
 * call to call: kept storage that this function raises from its own value,
 * or that it leaves to other code while the count is kept with the buffer
 * (b->len beside b->buf, or both globals: a fill count callers advance).
 * A local reads what its definition reaching at reads; a parameter, a
 * call's result and kept storage set here afresh (hlen = point) carry
 * nothing, nor does another object's count. */
static int carries_count(struct as_fn *fn, int at, const struct as_key *k, const char *buf, int depth)
{
	const struct as_local *loc;
	const char *key, *root;
	int raised = 0, set = 0;

	if (k->is_num || k->unknown || depth > 4 || (k->op && !strcmp(k->op, "call")))
		return 0;
	if (k->op && strcmp(k->op, "u*")) {
		/* c ? a : b carries what a or b does; c only picks. */
		for (int i = !strcmp(k->op, "?:") && k->nkid == 3; i < k->nkid; i++)
			if (carries_count(fn, at, k->kid[i], buf, depth))
				return 1;
		return 0;
	}
	key = as_key_str(fn->tu, k);
	loc = as_fn_local(fn, key);
	if (loc && !loc->kept) {
		/* Its definition reaching at; n += k adds k to the value before. */
		for (int e = at - 1; e >= 0; e--) {
			const struct as_event *ev = &fn->ev[e];
			int adds;
			if (ev->kind != AS_EV_ASSIGN || !ev->key || strcmp(ev->key, key))
				continue;
			adds = !strcmp(ev->op, "+=");
			if ((strcmp(ev->op, "=") && !adds) || clang_Cursor_isNull(ev->rhs))
				return 0;
			if (carries_count(fn, e, as_growth_stored_key(fn, ev->rhs), buf, depth + 1))
				return 1;
			if (!adds)
				return 0;
		}
		return 0;
	}
	if (!persistent(fn, key))
		return 0;
	for (int e = 0; e < fn->nev && !raised; e++) {
		const struct as_event *ev = &fn->ev[e];
		if ((ev->kind == AS_EV_ASSIGN || ev->kind == AS_EV_INCDEC) && ev->key && !strcmp(ev->key, key)) {
			set = 1;
			raised = raises_itself(fn, e);
		}
	}
	if (raised || set)
		return raised;
	root = key_root(fn, key);
	if (!strcmp(root, key_root(fn, buf)))
		return 1;
	return root_param(fn, root) < 0 && !as_fn_local(fn, root) && root_param(fn, buf) < 0 &&
	       !as_fn_local(fn, key_root(fn, buf));
}

struct afresh {
	struct as_fn *fn;
	int at, ok, leaves;
	const char *buf;
};

/* as_key_leaves' callback: the leaf is kept storage that this function
 * sets, before event at, only from values that carry no growing count
 * (bash's shell_input_line_len = i, i counted from 0 in this call), and
 * never raises. */
static void leaf_afresh(void *ctx, const struct as_key *leaf)
{
	struct afresh *a = ctx;
	int set = 0;

	if (leaf->is_num)
		return;
	a->leaves++;
	if (!leaf->text || !persistent(a->fn, leaf->text)) {
		a->ok = 0;
		return;
	}
	for (int e = 0; e < a->fn->nev; e++) {
		const struct as_event *ev = &a->fn->ev[e];
		if ((ev->kind != AS_EV_ASSIGN && ev->kind != AS_EV_INCDEC) || !ev->key || strcmp(ev->key, leaf->text))
			continue;
		if (ev->kind != AS_EV_ASSIGN || strcmp(ev->op, "=") || clang_Cursor_isNull(ev->rhs) ||
		    raises_itself(a->fn, e) || carries_count(a->fn, e, as_growth_stored_key(a->fn, ev->rhs), a->buf, 0)) {
			a->ok = 0;
			return;
		}
		set |= e < a->at;
	}
	if (!set)
		a->ok = 0;
}

/* Update event e raises v (v += k, v++) inside an if that runs while v is
 * short of a need, and that need is set afresh on each call (leaf_afresh):
 * v grows to the largest need met, not by a step per call. */
static int need_set_afresh(struct as_fn *fn, int e, const char *buf)
{
	const struct as_event *ev = &fn->ev[e];
	CXCursor kid[1];
	struct as_key *self;

	if (clang_getCursorKind(ev->cur) == CXCursor_VarDecl || as_children(ev->cur, kid, 1) < 1)
		return 0;
	self = as_fn_lvalue_key(fn, kid[0]);
	for (int r = ev->region; r > 0; r = fn->regions[r].parent) {
		struct as_key *need = as_growth_guard_need(fn, r, self);
		struct afresh a = { fn, e, 1, 0, buf };
		if (!need)
			continue;
		as_key_leaves(need, leaf_afresh, &a);
		return a.ok && a.leaves > 0;
	}
	return 0;
}

/* Per call, a size set to what is needed plus a step (v = len + k) grows
 * from call to call only as far as len does: update event e of v is an
 * additive step over calls when it raises v from its own value, or when
 * what it is set from carries a growing count (carries_count). Raised in
 * a loop until it holds a need (bash's RESIZE_MALLOCED_BUFFER), it fits
 * that need: it grows as far as the need carries a growing count. */
static int step_carries(struct as_fn *fn, int e, const char *buf)
{
	const struct as_event *ev = &fn->ev[e];
	int loop = as_region_loop(fn, ev->region);
	CXCursor kid[1];
	/* The updated variable (a declaration's first child is its value). */
	struct as_key *need = loop >= 0 && clang_getCursorKind(ev->cur) != CXCursor_VarDecl &&
					      as_children(ev->cur, kid, 1) >= 1
				      ? as_growth_loop_need(fn, loop, as_fn_lvalue_key(fn, kid[0]))
				      : NULL;

	if (need)
		return carries_count(fn, e, need, buf, 0);
	if (loop < 0 && need_set_afresh(fn, e, buf))
		return 0;
	if (raises_itself(fn, e))
		return 1;
	return ev->kind == AS_EV_ASSIGN && !strcmp(ev->op, "=") && !clang_Cursor_isNull(ev->rhs) &&
	       carries_count(fn, e, as_growth_stored_key(fn, ev->rhs), buf, 0);
}

/* Local v's value goes back into kept storage, or into the reallocated
 * buffer itself (l->n = n + 1; ptr[0] = size), other than as the size of
 * the reallocation being stored: a count that carries to the next call. */
static int written_back(struct as_fn *fn, int i, const char *v)
{
	const struct as_call *call = fn->ev[i].call;
	const char *buf = grown_key(fn, call);
	const char *root = as_arena_strndup(&fn->tu->arena, buf, strcspn(buf, ".["));

	for (int e = 0; e < fn->nev; e++) {
		const struct as_event *ev = &fn->ev[e];
		if (ev->kind != AS_EV_ASSIGN || !ev->key || clang_Cursor_isNull(ev->rhs) || !strcmp(ev->key, v) ||
		    as_event_stores_call(fn, ev, call) || !as_subtree_any(ev->rhs, as_names_var, (void *)v))
			continue;
		/* Kept storage, or an element or field of the buffer. */
		if (persistent(fn, ev->key) || (strcmp(ev->key, root) && as_key_covers(root, ev->key)))
			return 1;
	}
	return 0;
}

/* Whether reallocation event i, outside any loop, regrows a buffer kept
 * between calls by an additive step of a count kept between calls: the
 * growing variable's text, or NULL. */
static const char *per_call_step(struct as_fn *fn, int i, struct leaves *size, int *behind_guard)
{
	const struct as_call *call = fn->ev[i].call;
	const char *step;
	int unknown = 0; /* per call, an unclassed size is too common to say */

	if (as_region_loop(fn, fn->ev[i].region) >= 0 ||
	    !persistent(fn, grown_key(fn, call)) ||
	    !(step = additive_step(fn, i, 0, size, behind_guard, &unknown)))
		return NULL;
	/* The step must carry from call to call: what grows is kept storage
	 * itself (a->n++), or a local whose value goes back there; not a
	 * local that starts afresh each call, even from kept storage
	 * (PostgreSQL's NISortAffixes: ptr walks from the buffer's start
	 * every time and is never stored). */
	for (int l = 0; l < size->n; l++) {
		const struct as_local *loc = as_fn_local(fn, size->key[l]);
		if (size->additive[l] && persistent(fn, size->key[l]) &&
		    (!loc || loc->kept || written_back(fn, i, size->key[l])))
			return step;
	}
	return NULL;
}

/* as_subtree_any's predicate: c makes a stored value differ from call to
 * call: it reads a parameter or an automatic local, takes an address, or
 * calls with no argument (a counter, a fresh object). */
static int varies_by_call(CXCursor c, void *ctx)
{
	struct as_tu *tu = ctx;
	enum CXCursorKind k = clang_getCursorKind(c);

	if (k == CXCursor_DeclRefExpr) {
		CXCursor d = clang_getCursorReferenced(c);
		return clang_getCursorKind(d) == CXCursor_ParmDecl ||
		       (clang_getCursorKind(d) == CXCursor_VarDecl && clang_Cursor_hasVarDeclGlobalStorage(d) != 1);
	}
	if (k == CXCursor_UnaryOperator) {
		int post;
		const char *op = as_unop(tu, c, &post);
		return !strcmp(op, "&") || !strcmp(op, "++") || !strcmp(op, "--");
	}
	if (k == CXCursor_BinaryOperator || k == CXCursor_CompoundAssignOperator)
		return as_op_assigns(as_binop(tu, c));
	return k == CXCursor_CallExpr && clang_Cursor_getNumArguments(c) == 0;
}

/* True if the buffer of reallocation event i belongs to an object the
 * caller hands in, and the function then stores into the regrown room only
 * values that are the same on every call (literals, globals, calls on
 * those), one of them a pointer, and hands the buffer nowhere else:
 * Stringable's name added to a class. A second call on the same object
 * would add the same member again: such a function grows each object once,
 * and growth per call is no evidence of regrowth. A stack (one buffer for
 * the program, or states pushed as numbers: Perl's bracket stack) is no
 * set of members and stays reported. */
static int fixed_content(struct as_fn *fn, int i)
{
	const struct as_call *call = fn->ev[i].call;
	const char *buf = grown_key(fn, call);
	int stores = 0, uses = 0, member = 0;

	if (root_param(fn, buf) < 0)
		return 0;

	for (int e = i + 1; e < fn->nev; e++) {
		const struct as_event *ev = &fn->ev[e];
		if (ev->seq <= call->seq_end || !ev->key || !as_key_covers(buf, ev->key))
			continue;
		if (ev->kind == AS_EV_USE) {
			uses += !strcmp(ev->key, buf);
		} else if (ev->kind == AS_EV_ASSIGN && !strcmp(ev->key, buf) && as_event_stores_call(fn, ev, call)) {
			continue;
		} else if (ev->kind == AS_EV_ASSIGN && strcmp(ev->key, buf) && !strcmp(ev->op, "=") &&
			   !clang_Cursor_isNull(ev->rhs) && !as_subtree_any(ev->rhs, varies_by_call, fn->tu)) {
			stores++;
			member |= clang_getCanonicalType(clang_getCursorType(ev->rhs)).kind == CXType_Pointer;
		} else {
			return 0;
		}
	}
	/* Each element store reads the buffer once (its subscript's base);
	 * any other read may hand it on. */
	return member && uses == stores;
}

int as_churn_per_call(struct as_fn *fn, unsigned *line, const char **buffer, int *param)
{
	if (is_reallocator(fn))
		return 0;
	for (int i = 0; i < fn->nev; i++) {
		const struct as_call *call = fn->ev[i].call;
		struct leaves size = { { 0 }, { 0 }, 0 };
		unsigned col;
		int behind_guard = 0;
		if (fn->ev[i].kind != AS_EV_CALL || !call->rule || call->rule->role != AS_ROLE_REALLOC ||
		    !per_call_step(fn, i, &size, &behind_guard))
			continue;
		as_fn_line_col(fn, call->begin, line, &col);
		*buffer = as_call_role_text(fn, call, call->rule->ptr);
		*param = root_param(fn, grown_key(fn, call));
		return 1;
	}
	return 0;
}

struct varies {
	struct as_fn *fn;
	int loop, hit;
};

/* True if the path's index expressions name variable v (i in bufs[i].s). */
static int index_names(const char *path, const char *v)
{
	size_t n = strlen(v);

	for (const char *p = strchr(path, '['); p && (p = strstr(p, v)) != NULL; p += n)
		if (!isalnum((unsigned char)p[-1]) && p[-1] != '_' && !isalnum((unsigned char)p[n]) && p[n] != '_')
			return 1;
	return 0;
}

static void leaf_varies(void *ctx, const struct as_key *leaf)
{
	struct varies *v = ctx;

	for (int e = 0; e < v->fn->nev && !v->hit; e++) {
		const struct as_event *ev = &v->fn->ev[e];
		v->hit = (ev->kind == AS_EV_ASSIGN || ev->kind == AS_EV_INCDEC) && ev->key &&
			 as_region_within(v->fn, ev->region, v->loop) &&
			 (as_key_covers(ev->key, leaf->text) || index_names(leaf->text, ev->key));
	}
}

/* True if argument a names the same storage on every pass of the loop:
 * nothing it is read from is assigned in the loop (not lists[i], nor a
 * cursor moved from class to class). */
static int same_each_pass(struct as_fn *fn, CXCursor a, int loop)
{
	struct as_key *k = as_fn_lvalue_key(fn, a);
	struct varies v = { fn, loop, 0 };

	if (k->unknown || k->has_call || k->has_write)
		return 0;
	as_key_leaves(k, leaf_varies, &v);
	return !v.hit;
}

/* The grower's buffer is the same on every pass: its argument, or when
 * which one is not known, every pointer argument. */
static int same_buffer(struct as_fn *fn, const struct as_call *c, const struct as_grower *g, int loop)
{
	for (int a = 0; a < c->nargs && a < AS_MAX_ARGS; a++) {
		CXType t = clang_getCanonicalType(clang_getCursorType(as_strip(c->arg[a])));
		if ((g->param >= 0 ? a == g->param : t.kind == CXType_Pointer) && !same_each_pass(fn, c->arg[a], loop))
			return 0;
	}
	return 1;
}

/* A call, in a loop, of a function of this unit that regrows a buffer it
 * keeps by an additive step each time, the same buffer on every pass: the
 * loop is in the caller. */
static void caller_loops(struct as_fn *fn, struct as_sink *sink)
{
	for (int i = 0; i < fn->nev; i++) {
		const struct as_event *e = &fn->ev[i];
		const struct as_grower *g;
		struct as_draft d = { 0 };
		char msg[1024], why[1024], at[512];
		int loop;

		if (e->kind != AS_EV_CALL || (loop = as_region_loop(fn, e->region)) < 0 || as_event_leaves_loop(fn, i))
			continue;
		if (!(g = as_tu_grower(fn->tu, e->call->callee, strlen(e->call->callee))) ||
		    !same_buffer(fn, e->call, g, loop))
			continue;
		d.at = e->call;
		d.copy = e->call;
		d.buffer = g->buffer;
		d.loop = loop;
		/* A grower of another unit is named with its file. */
		if (strcmp(g->file, as_tu_real_path(fn->tu, fn->file)))
			snprintf(at, sizeof at, "%s:%u", sink->display(sink->display_ctx, g->file), g->line);
		else
			snprintf(at, sizeof at, "line %u", g->line);
		snprintf(msg, sizeof msg,
			 "%s() regrows '%s' by an additive step on every call (%s%s), and this loop at line %u "
			 "calls it on every pass: total copying is quadratic",
			 e->call->callee, g->buffer, at[0] == 'l' ? "its " : "", at, fn->regions[loop].line);
		d.message = msg;
		d.fix = "manual";
		snprintf(why, sizeof why, "the reallocation is in %s(), %s: fix the growth there", e->call->callee, at);
		d.reason = as_arena_strdup(&fn->tu->arena, why);
		snprintf(why, sizeof why, "%s:%u", g->file, g->line);
		d.grower = as_arena_strdup(&fn->tu->arena, why);
		as_value_loop_site(fn, &d, 75, "quadratic copying, loop in the caller");
		as_emit(fn, sink, &d);
	}
}

/* The helper's own reallocation made geometric (Ruby's strcat_capa for
 * onig_node_str_cat): asrt_grow stands in for its family's realloc for
 * any caller, so the fix is that one call, when the helper is defined in
 * this file and reallocates in one place. Its edit lies in the helper; a
 * second caller's finding carries the same edit (one site, applied once).
 * 0 when the helper cannot take it (d then unchanged but its fix). */
static int helper_grow(struct as_fn *fn, struct as_sink *sink, const struct as_call *call, struct as_draft *d)
{
	CXCursor def = clang_getCursorDefinition(clang_getCursorReferenced(call->cur));
	const char *shown = d->size;
	struct as_fn h;
	CXFile f;
	int r = -1;

	if (clang_Cursor_isNull(def) || as_loc_file(clang_getCursorLocation(def), &f, &(unsigned){ 0 }) ||
	    !clang_File_isEqual(f, fn->file) || as_facts_build(&h, fn->tu, def))
		return 0;
	for (int i = 0; i < h.nev; i++) {
		const struct as_call *c = h.ev[i].call;
		if (h.ev[i].kind != AS_EV_CALL || !c->rule || c->rule->role != AS_ROLE_REALLOC)
			continue;
		if (r >= 0 || c->rule->summary)
			return 0; /* which one grows is not known */
		r = i;
	}
	if (r < 0)
		return 0;
	d->size = as_call_size_text(&h, h.ev[r].call);
	as_fix_grow(&h, r, as_site_literal(&h, sink, h.ev[r].call), d);
	d->size = shown;
	if (strcmp(d->fix, "grow"))
		return 0;
	d->reason = as_fix_say(fn, "the reallocation is in %s() (line %u), which any caller may have grow: the fix is "
				   "there",
			       h.name, as_event_line(&h.ev[r]));
	return 1;
}

/* Reallocation event i: reported when it grows its buffer by an additive
 * step; hand when the event is an allocation that, with a copy, a free and
 * a store after it, reallocates by hand (as_hand_realloc): 2 when nothing
 * frees the old block (a pool's). */
static void churn_site(struct as_fn *fn, struct as_sink *sink, int i, int hand)
{
	static const char *const hand_words[] = { "", ", a copy and a free", " and a copy" };
	const struct as_event *re = &fn->ev[i];
	const struct as_call *call = re->call;
	struct leaves size = { { 0 }, { 0 }, 0 };
	struct as_draft d = { 0 };
	const char *step;
	char msg[1024];
	int loop, behind_guard = 0, unknown = 0;

	loop = as_region_loop(fn, re->region);
	if (loop >= 0) {
		if (as_event_leaves_loop(fn, i))
			return;
		step = additive_step(fn, i, loop, &size, &behind_guard, &unknown);
		/* Never reported on a guess: said, so that a reader knows
		 * the site was seen and why it is not in the report. */
		if (!step && unknown)
			as_notice(fn, sink, call->begin,
				  as_fix_say(fn, "%s in the loop at line %u: its size changes there in a way "
						 "classed neither additive nor geometric; not reported",
					     call->shown, fn->regions[loop].line));
	} else {
		step = per_call_step(fn, i, &size, &behind_guard);
		if (step && fixed_content(fn, i)) {
			as_notice(fn, sink, call->begin,
				  as_fix_say(fn, "%s grows '%s' on every call of %s(), but each call stores the "
						 "same values in the new room (literals, globals): a second call on "
						 "one object would add a duplicate, so each object is grown once; "
						 "not reported",
					     call->shown, as_call_role_text(fn, call, call->rule->ptr), fn->name));
			return;
		}
	}
	if (!step)
		return;
	d.at = call;
	d.copy = call;
	d.buffer = as_call_role_text(fn, call, call->rule->ptr);
	d.size = as_call_size_text(fn, call);
	d.family = as_call_family(fn, call) ? as_call_family(fn, call)->name : NULL;
	d.loop = loop;
	if (loop >= 0)
		snprintf(msg, sizeof msg,
			 "'%s' is regrown by %s%s to '%s' on every pass of the loop at line %u while '%s' grows "
			 "by an additive step: total copying is quadratic",
			 d.buffer, call->shown, hand_words[hand], d.size, fn->regions[loop].line,
			 step);
	else
		/* The buffer outlives the call: growth by a step per call is
		 * quadratic over the calls, wherever the loop is. */
		snprintf(msg, sizeof msg,
			 "'%s' is regrown by %s%s to '%s' on every call of %s() while '%s' grows by an additive "
			 "step: over repeated calls total copying is quadratic",
			 d.buffer, call->shown, hand_words[hand], d.size, fn->name, step);
	d.message = msg;
	if (hand) {
		d.fix = "manual";
		d.reason = hand == 1 ? "a reallocation written out (allocate, copy, free): grow the capacity "
				       "geometrically, or call realloc"
				     : "a reallocation written out (allocate, copy; the pool keeps the old block): "
				       "grow the capacity geometrically";
	} else if (call->rule->summary) {
		/* A helper that reallocates (strcat_capa): asrt_grow cannot
		 * stand in for the helper; it can for the helper's own call. */
		if (!helper_grow(fn, sink, call, &d)) {
			d.fix = "manual";
			d.fix_text = NULL;
			d.nfixits = 0;
			d.reason = as_arena_strdup(&fn->tu->arena, "the reallocation is in a helper of the program: "
								   "make the capacity grow geometrically here");
		}
	} else {
		as_fix_grow(fn, i, as_site_literal(fn, sink, call), &d);
	}
	if (loop >= 0)
		as_value_loop_site(fn, &d, 75, "quadratic copying in a loop");
	else
		as_value_loop_site(fn, &d, 55, "quadratic copying over calls, a buffer kept between them");
	if (behind_guard)
		as_value_guarded(fn, &d);
	as_emit(fn, sink, &d);
}

void as_detect_realloc_churn(struct as_fn *fn, struct as_sink *sink)
{
	caller_loops(fn, sink);
	if (is_reallocator(fn))
		return;
	for (int i = 0; i < fn->nev; i++) {
		const struct as_call *call = fn->ev[i].call, *hand;
		int freed;
		if (fn->ev[i].kind != AS_EV_CALL || !call->rule)
			continue;
		if (call->rule->role == AS_ROLE_REALLOC) {
			churn_site(fn, sink, i, 0);
		} else if ((hand = as_hand_realloc(fn, i, &freed)) != NULL) {
			/* Judged as the realloc it writes out, for this site only. */
			fn->ev[i].call = (struct as_call *)hand;
			churn_site(fn, sink, i, freed ? 1 : 2);
			fn->ev[i].call = (struct as_call *)call;
		}
	}
}
