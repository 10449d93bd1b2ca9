/* as_summary.c - function summaries within a translation unit, kept as
 * rules so the detectors see through helpers: "returns a fresh allocation
 * of size S from family F" (alloc), "copies N bytes from parameter i into
 * the buffer of parameter j" (copy), "is itself a dup helper" (dup: its own
 * allocate-and-copy is not a site, its callers in loops are), "returns a
 * reallocation of parameter i to size S, or a fresh block of S when it was
 * NULL" (realloc: Onigmo's strcat_capa, so p = helper(p, ..., n) grows p).
 * Sizes must be a parameter, a parameter times a constant, or the product
 * of two parameters, plus a constant for the first two. Rounds run until no new summary appears, so helpers built on
 * helpers are seen too. Also noted: functions that regrow a buffer they
 * keep by an additive step on every call, whose loop is in their callers.
 * For whole-program scans: the functions the unit calls but does not
 * define, and what it says about those it defines with external linkage. */
#include "as_summary.h"
#include "as_handlers.h"
#include "as_readonly.h"

#include "as_grow.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "as_detect.h"

/* Helper chains deeper than this within one unit are not followed. */
#define AS_SUMMARY_ROUNDS 8

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

/* Condition cond holds only when name is 0: !name, name == 0, 0 == name,
 * or a conjunction with one of them. */
static int tests_zero(struct as_fn *fn, CXCursor cond, const char *name)
{
	CXCursor kid[2];
	long long z;
	int post, n;

	cond = as_strip(cond);
	n = as_children(cond, kid, 2);
	if (clang_getCursorKind(cond) == CXCursor_UnaryOperator && n == 1 && !strcmp(as_unop(fn->tu, cond, &post), "!"))
		return as_names_var(as_strip(kid[0]), (void *)name) &&
		       clang_getCursorKind(as_strip(kid[0])) == CXCursor_DeclRefExpr;
	if (clang_getCursorKind(cond) != CXCursor_BinaryOperator || n != 2)
		return 0;
	if (!strcmp(as_binop(fn->tu, cond), "&&"))
		return tests_zero(fn, kid[0], name) || tests_zero(fn, kid[1], name);
	if (strcmp(as_binop(fn->tu, cond), "=="))
		return 0;
	for (int side = 0; side < 2; side++)
		if (clang_getCursorKind(as_strip(kid[side])) == CXCursor_DeclRefExpr &&
		    as_names_var(as_strip(kid[side]), (void *)name) && as_eval_int(as_strip(kid[!side]), &z) && z == 0)
			return 1;
	return 0;
}

/* True if the function writes variable name: a parameter it writes
 * (Perl's sv_grow_fresh rounds newlen up before allocating) no longer
 * holds what the caller passed. With zero_ok, a write made only when it
 * is 0 (PostgreSQL's pg_malloc: if (size == 0) size = 1, against
 * malloc(0)) does not count: every size that copies anything is the
 * caller's. */
static int written(struct as_fn *fn, const char *name, int zero_ok)
{
	for (int j = 0; j < fn->nev; j++) {
		const struct as_event *a = &fn->ev[j];
		int when_zero = 0;
		if (!(as_event_writes(a) && a->key &&
		      !strcmp(a->key, name)))
			continue;
		for (int r = a->region; zero_ok && r > 0 && !when_zero && a->kind == AS_EV_ASSIGN;
		     r = fn->regions[r].parent)
			when_zero = fn->regions[r].kind == AS_REGION_BRANCH && !fn->regions[r].is_else &&
				    !clang_Cursor_isNull(fn->regions[r].cond) && tests_zero(fn, fn->regions[r].cond, name);
		if (!when_zero)
			return 1;
	}
	return 0;
}

/* The index of the parameter a size leaf names, if the function never
 * writes it; -1 otherwise. */
static int size_param(struct as_fn *fn, const struct as_key *x)
{
	return x->is_num || written(fn, x->text, 1) ? -1 : param_index(fn->cur, x->text);
}

/* Maps a size key onto the helper's parameters; -1 if it is not one of
 * the shapes a rule can carry. */
static int size_roles(struct as_fn *fn, const struct as_key *k, struct as_rule *r)
{
	int params[2], np = 0;
	long long scale = 1;

	if (!k || k->unknown)
		return -1;
	if (k->op && !strcmp(k->op, "+")) {
		/* n + 1, n * 4 + 8: a shape below plus a constant (sums fold their
		 * constants into one operand). */
		const struct as_key *rest = NULL;
		long long add = 0;
		for (int i = 0; i < k->nkid; i++) {
			if (k->kid[i]->is_num)
				add = k->kid[i]->num;
			else if (rest)
				return -1;
			else
				rest = k->kid[i];
		}
		if (!rest || size_roles(fn, rest, r) || r->count != AS_NO_ARG)
			return -1;
		r->add = add;
		return 0;
	}
	if (!k->op) {
		if ((params[0] = size_param(fn, k)) < 0)
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
		else if (x->op || np == 2 || (params[np++] = size_param(fn, x)) < 0)
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
	r->size = r->count = r->type = r->ptr = r->dst = r->src = r->object = AS_NO_ARG;
	r->summary = 1;
}

static int family_of(const struct as_call *c)
{
	return c->macro && c->expanded_family >= 0 ? c->expanded_family : c->rule->family;
}

/* The variable whose block expression e points to: the variable itself, a
 * cast of it, or the address of a member at offset 0 of what it points to
 * (Lua's gco2ts(o) is &((union GCUnion *)(o))->ts); NULL otherwise. */
static const char *block_alias(struct as_fn *fn, CXCursor e)
{
	struct as_key *k;
	int post;

	e = as_strip(e);
	for (int depth = 0; depth < 4 && clang_getCursorKind(e) == CXCursor_UnaryOperator; depth++) {
		CXCursor kid[1], m;
		if (strcmp(as_unop_typed(fn->tu, e, &post), "&") || as_children(e, kid, 1) != 1)
			return NULL;
		m = as_strip(kid[0]);
		if (clang_getCursorKind(m) != CXCursor_MemberRefExpr ||
		    clang_Cursor_getOffsetOfField(clang_getCursorReferenced(m)) != 0 || as_children(m, kid, 1) != 1 ||
		    clang_getCanonicalType(clang_getCursorType(kid[0])).kind != CXType_Pointer)
			return NULL;
		e = as_strip(kid[0]);
	}
	k = as_fn_lvalue_key(fn, e);
	return k->unknown || k->op || k->is_num ? NULL : k->text;
}

/* True if the returned expression v is call c's value: the call through
 * casts, parentheses and macros (return ALLOC_N(VALUE, n)), or one arm of
 * a conditional whose other arm is NULL (return n ? ALLOC_N(...) : NULL). */
static int returns_call(CXCursor v, const struct as_call *c)
{
	CXCursor kid[3];
	CXFile f;
	unsigned b, e;
	long long z;

	v = as_strip(v);
	if (clang_getCursorKind(v) == CXCursor_ConditionalOperator && as_children(v, kid, 3) == 3) {
		for (int i = 1; i < 3; i++)
			if (as_eval_int(as_strip(kid[i]), &z) && z == 0)
				return returns_call(kid[3 - i], c);
		return 0;
	}
	if (clang_equalCursors(v, c->cur) || clang_equalCursors(v, as_strip(c->cur)))
		return 1;
	/* A pack macro's call is its invocation: the same text. */
	return !as_loc_file(clang_getRangeStart(clang_getCursorExtent(v)), &f, &b) &&
	       !as_loc_file(clang_getRangeEnd(clang_getCursorExtent(v)), &f, &e) && b == c->begin && e == c->end;
}

/* The allocation call whose block the function returns on every path
 * that returns a value (NULL aside), or -1. */
static int returned_alloc(struct as_fn *fn)
{
	int alloc = -1;

	for (int i = 0; i < fn->nev; i++) {
		const struct as_event *e = &fn->ev[i];
		const char *want;
		CXCursor v;
		long long z;
		int found = -1;

		if (e->kind != AS_EV_RETURN)
			continue;
		v = as_strip(e->rhs);
		if (clang_Cursor_isNull(v) || (as_eval_int(v, &z) && z == 0))
			continue;
		want = block_alias(fn, v);
		for (int j = i - 1; j >= 0 && found < 0; j--) {
			const struct as_event *a = &fn->ev[j];
			const char *from;
			/* ts = gco2ts(o): the block is o's. */
			if (want && a->kind == AS_EV_ASSIGN && a->key && !strcmp(a->key, want) && !strcmp(a->op, "=") &&
			    (from = block_alias(fn, a->rhs)) && strcmp(from, want)) {
				want = from;
				continue;
			}
			if (a->kind != AS_EV_CALL || !a->call->rule || a->call->rule->role != AS_ROLE_ALLOC)
				continue;
			if ((want && as_call_stores_to(a->call, want)) || returns_call(v, a->call))
				found = j;
		}
		if (found < 0 || (alloc >= 0 && alloc != found))
			return -1;
		alloc = found;
	}
	return alloc;
}

static int is_param(struct as_fn *fn, const struct as_key *k)
{
	return !k->unknown && !k->op && !k->is_num && param_index(fn->cur, k->text) >= 0;
}

/* True if assignment event j stores the result of an allocation or a
 * reallocation. */
static int stores_block(struct as_fn *fn, int j)
{
	for (int k = j - 1; k >= 0; k--) {
		const struct as_call *c = fn->ev[k].kind == AS_EV_CALL ? fn->ev[k].call : NULL;
		if (c && c->rule && (c->rule->role == AS_ROLE_ALLOC || c->rule->role == AS_ROLE_REALLOC) &&
		    as_event_stores_call(fn, &fn->ev[j], c))
			return 1;
	}
	return 0;
}

/* True if name is written anywhere but by storing call c's result: p =
 * realloc(p, n) leaves p the caller's block, reallocated. */
static int written_but_by(struct as_fn *fn, const char *name, const struct as_call *c)
{
	for (int j = 0; j < fn->nev; j++) {
		const struct as_event *a = &fn->ev[j];
		if (as_event_writes(a) && a->key && !strcmp(a->key, name) &&
		    !(a->kind == AS_EV_ASSIGN && as_event_stores_call(fn, a, c)))
			return 1;
	}
	return 0;
}

/* strcat_capa's shape: every returned block (NULL aside) is the one
 * reallocation of a parameter the function never reassigns but with the
 * reallocation's result (mruby's codegen_realloc: p = realloc(p, len)),
 * returned through a variable or as it is (return realloc(p, n)), or a
 * fresh allocation of the same size (when that parameter was NULL). The
 * reallocation's event, or -1. */
static int returned_realloc(struct as_fn *fn)
{
	int re = -1, seen;

	for (int i = 0; i < fn->nev; i++) {
		const struct as_event *e = &fn->ev[i];
		CXCursor v;
		long long z;

		if (e->kind != AS_EV_RETURN)
			continue;
		v = as_strip(e->rhs);
		if (clang_Cursor_isNull(v) || (as_eval_int(v, &z) && z == 0))
			continue;
		/* The reallocation returned as it is (flex's yyrealloc: return
		 * realloc(p, sz)). */
		for (seen = fn->nev - 1; seen >= 0; seen--)
			if (fn->ev[seen].kind == AS_EV_CALL && fn->ev[seen].call->rule &&
			    fn->ev[seen].call->rule->role == AS_ROLE_REALLOC && returns_call(v, fn->ev[seen].call))
				break;
		if (seen >= 0) {
			if (re >= 0 && re != seen)
				return -1;
			re = seen;
			continue;
		}
		if (!e->key)
			return -1;
		seen = 0;
		for (int j = i - 1; j >= 0; j--) {
			const struct as_event *a = &fn->ev[j];
			const struct as_rule *rule = a->kind == AS_EV_CALL ? a->call->rule : NULL;
			if (a->kind == AS_EV_ASSIGN && !strcmp(a->key ? a->key : "", e->key) && !stores_block(fn, j))
				return -1; /* something else stored in the returned variable */
			if (!rule || !as_call_stores_to(a->call, e->key))
				continue;
			seen = 1;
			if (rule->role == AS_ROLE_REALLOC) {
				if (re >= 0 && re != j)
					return -1;
				re = j;
			} else if (rule->role != AS_ROLE_ALLOC) {
				return -1;
			}
		}
		if (!seen)
			return -1; /* this path returns some other block */
	}
	if (re < 0 || as_region_loop(fn, fn->ev[re].region) >= 0)
		return -1;
	{
		const struct as_call *c = fn->ev[re].call;
		struct as_key *pk = as_fn_lvalue_key(fn, as_call_role(c, c->rule->ptr));
		struct as_key *size = as_call_size(fn, c);
		if (!is_param(fn, pk) || written_but_by(fn, pk->text, c))
			return -1;
		for (int j = 0; j < fn->nev; j++) {
			const struct as_event *a = &fn->ev[j];
			const struct as_rule *rule = a->kind == AS_EV_CALL ? a->call->rule : NULL;
			/* The fresh alternative must be of the same size. */
			if (rule && rule->role == AS_ROLE_ALLOC && j != re && c->ntargets &&
			    as_call_stores_to(a->call, c->target[0]) && !as_key_equal(fn->tu, as_call_size(fn, a->call), size))
				return -1;
		}
	}
	return re;
}

static int note_grower(struct as_fn *fn)
{
	struct as_tu *tu = fn->tu;
	struct as_grower *g, from;
	const char *buffer;
	unsigned line;
	int param;

	if (!as_churn_per_call(fn, &line, &buffer, &param))
		return 0;
	if (AS_GROW(tu->growers, tu->ngrowers, tu->capgrowers))
		return -1;
	g = tu->growers;
	from.name = as_arena_strdup(&tu->arena, fn->name);
	/* The real path: the program's units may name the file differently. */
	from.file = as_arena_strdup(&tu->arena, as_tu_real_path(tu, fn->file));
	from.line = line;
	from.buffer = as_arena_strdup(&tu->arena, buffer);
	from.param = param;
	if (as_grower_copy(&g[tu->ngrowers], &from))
		return -1;
	tu->ngrowers++;
	return 0;
}

/* The field F of key "base.F" (keys write -> as .) when base is the whole
 * prefix and F a plain member name; NULL otherwise. */
static const char *field_of(const char *key, const char *base)
{
	size_t n = strlen(base);
	const char *f = key + n + 1;

	if (strncmp(key, base, n) || key[n] != '.' || !*f)
		return NULL;
	for (const char *p = f; *p; p++)
		if (!(*p == '_' || (*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9')))
			return NULL;
	return f;
}

/* The old rb_ary_resurrect's ary_alloc: the returned object (alloc event
 * obj) gets a fresh buffer in one of its fields, on every path that
 * returns it. Fills r's field and size; -1 if there is no such buffer or
 * its size is no parameter shape. */
static int field_alloc(struct as_fn *fn, int obj, struct as_rule *r, const struct as_call **buf)
{
	const struct as_call *o = fn->ev[obj].call;

	r->size = r->count = AS_NO_ARG;
	r->scale = r->add = 0;
	for (int j = obj + 1; j < fn->nev; j++) {
		const struct as_call *c = fn->ev[j].kind == AS_EV_CALL ? fn->ev[j].call : NULL;
		const char *f = NULL;
		if (!c || !c->rule || c->rule->role != AS_ROLE_ALLOC || c->rule->field || fn->ev[j].region != fn->ev[obj].region)
			continue;
		for (int t = 0; t < c->ntargets && !f; t++)
			for (int k = 0; k < o->ntargets && !f; k++)
				f = field_of(c->target[t], o->target[k]);
		if (!f)
			continue;
		/* Nothing else stored in that field afterwards. */
		for (int k = j + 1; k < fn->nev; k++) {
			const char *key = fn->ev[k].key;
			if ((fn->ev[k].kind == AS_EV_ASSIGN || fn->ev[k].kind == AS_EV_INCDEC) && key &&
			    field_of(key, o->target[0]) && !strcmp(field_of(key, o->target[0]), f) && !stores_block(fn, k))
				return -1;
		}
		if (size_roles(fn, as_call_size(fn, c), r))
			return -1;
		r->field = (char *)f;
		r->family = family_of(c);
		r->zeroed = c->rule->zeroed;
		*buf = c;
		return 0;
	}
	return -1;
}

/* The parameter a pointer expression names, -1 if it names none. */
static int pointer_param(struct as_fn *fn, CXCursor e)
{
	e = as_strip(e);
	if (clang_getCursorKind(e) != CXCursor_DeclRefExpr ||
	    clang_getCanonicalType(clang_getCursorType(e)).kind != CXType_Pointer)
		return -1;
	return param_index(fn->cur, as_fn_text(fn, e));
}

/* A helper that fills a destination parameter element by element:
 * for (i = 0; i < n; i++) dst[i] = src[i]; (as_copy_loop) as the one loop
 * of its body. Fills r as a copy of n elements; -1 otherwise. */
static int copy_loop(struct as_fn *fn, struct as_rule *r)
{
	CXCursor body, loop = clang_getNullCursor();
	struct as_copy_loop cl;
	int nb = as_children(fn->cur, NULL, 0), ns, d, s;

	if (nb < 1)
		return -1;
	{
		CXCursor *all = as_arena_alloc(&fn->tu->arena, (size_t)nb * sizeof *all);
		as_children(fn->cur, all, nb);
		body = all[nb - 1];
	}
	if (clang_getCursorKind(body) != CXCursor_CompoundStmt)
		return -1;
	ns = as_children(body, NULL, 0);
	{
		/* The body's one loop, at its top level. */
		CXCursor *all = as_arena_alloc(&fn->tu->arena, (size_t)(ns ? ns : 1) * sizeof *all);
		as_children(body, all, ns);
		for (int i = 0; i < ns; i++) {
			enum CXCursorKind k = clang_getCursorKind(all[i]);
			if (k == CXCursor_WhileStmt || k == CXCursor_DoStmt ||
			    (k == CXCursor_ForStmt && !clang_Cursor_isNull(loop)))
				return -1;
			if (k == CXCursor_ForStmt)
				loop = all[i];
		}
	}
	if (clang_Cursor_isNull(loop) || as_copy_loop(fn, loop, &cl) || cl.walks)
		return -1;
	/* The pointers are parameters, the count one too. */
	d = pointer_param(fn, cl.dst);
	s = pointer_param(fn, cl.src);
	cl.count = as_strip(cl.count);
	if (d < 0 || s < 0 || d == s || clang_getCursorKind(cl.count) != CXCursor_DeclRefExpr ||
	    (r->size = param_index(fn->cur, as_fn_text(fn, cl.count))) < 0)
		return -1;
	/* Neither pointer nor the count moves while the loop runs. */
	for (int i = 0; i < fn->nev; i++) {
		const struct as_event *e = &fn->ev[i];
		if (as_event_writes(e) && e->key &&
		    (param_index(fn->cur, e->key) == d || param_index(fn->cur, e->key) == s ||
		     param_index(fn->cur, e->key) == r->size))
			return -1;
	}
	r->dst = d;
	r->src = s;
	r->scale = cl.elem;
	return 0;
}

/* Adds r with its trace: this function's line, then the helpers the call
 * it is built on goes through. */
static int add_summary(struct as_fn *fn, struct as_rules *out, struct as_rule *r, const struct as_call *via)
{
	const char *inner = via && via->rule ? via->rule->trace : NULL;
	const char *path = as_tu_real_path(fn->tu, fn->file);
	char words[512];
	unsigned line;
	size_t n;
	char *t;

	clang_getSpellingLocation(clang_getCursorLocation(fn->cur), NULL, &line, NULL, NULL);
	as_summary_words(fn->cur, r, fn->tu->rules, words, sizeof words);
	n = strlen(fn->name) + strlen(path) + strlen(words) + (inner ? strlen(inner) : 0) + 32;
	t = as_arena_alloc(&fn->tu->arena, n);
	snprintf(t, n, "%s\t%s\t%u\t%s\n%s", fn->name, path, line, words, inner ? inner : "");
	r->trace = t;
	return as_rules_add(out, r);
}

/* The copy in block key is changed before the function returns it (a
 * struct copied, then parsed over: PostgreSQL's
 * read_extension_aux_control_file; nextRectBox's fields set): a copy made
 * to be changed, not a dup helper. */
static int changed_after(struct as_fn *fn, int c, const char *key)
{
	if (as_loop_writes_into(fn, 0, key, fn->ev[c].call->seq_end + 1, INT_MAX))
		return 1;
	for (int e = c + 1; e < fn->nev; e++) {
		const char *k = fn->ev[e].key;
		if ((fn->ev[e].kind == AS_EV_ASSIGN || fn->ev[e].kind == AS_EV_INCDEC) && k && strcmp(k, key) &&
		    as_key_covers(key, k))
			return 1;
	}
	return 0;
}

static int summarise(struct as_fn *fn, struct as_rules *out)
{
	struct as_rule r;
	int a = returned_realloc(fn);

	if (a >= 0) {
		const struct as_call *re = fn->ev[a].call;
		rule_init(&r, fn->name, AS_ROLE_REALLOC);
		r.family = family_of(re);
		r.ptr = param_index(fn->cur, as_fn_lvalue_key(fn, as_call_role(re, re->rule->ptr))->text);
		if (!size_roles(fn, as_call_size(fn, re), &r) && r.count == AS_NO_ARG)
			return add_summary(fn, out, &r, re);
		return 0;
	}
	a = returned_alloc(fn);
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
			/* The copy runs whenever the allocation succeeds: in its region,
			 * or only behind tests that the block is not NULL. */
			if (dk->unknown || sk->unknown || sk->op || !as_call_stores_to(alloc, as_key_str(fn->tu, dk)) ||
			    !as_region_within(fn, fn->ev[c].region, fn->ev[a].region) ||
			    as_region_unguarded_between(fn, fn->ev[c].region, fn->ev[a].region, as_key_str(fn->tu, dk)) >= 0 ||
			    param_index(fn->cur, sk->text) < 0 ||
			    !as_key_equal(fn->tu, as_call_size(fn, alloc), as_call_size(fn, copy)) ||
			    changed_after(fn, c, as_key_str(fn->tu, dk)))
				continue;
			rule_init(&r, fn->name, AS_ROLE_DUP);
			r.family = family_of(alloc);
			r.src = param_index(fn->cur, sk->text);
			return add_summary(fn, out, &r, alloc);
		}
		rule_init(&r, fn->name, AS_ROLE_ALLOC);
		r.family = family_of(alloc);
		r.zeroed = alloc->rule->zeroed;
		r.field = alloc->rule->field; /* a helper returning ary_alloc(n) */
		if (!size_roles(fn, as_call_size(fn, alloc), &r) ||
		    (!alloc->rule->field && !field_alloc(fn, a, &r, &alloc)))
			return add_summary(fn, out, &r, alloc);
		return 0;
	}
	/* An unconditional copy between two parameters, or into a field of
	 * one (ary_memcpy(ary, ...) filling ary->ptr): a copy helper. */
	for (int c = 0; c < fn->nev; c++) {
		const struct as_call *copy = fn->ev[c].call;
		struct as_key *dk, *sk;
		const char *dst;
		if (fn->ev[c].kind != AS_EV_CALL || !copy->rule || copy->rule->role != AS_ROLE_COPY ||
		    fn->ev[c].region != 0)
			continue;
		dk = as_fn_lvalue_key(fn, as_call_role(copy, copy->rule->dst));
		sk = as_fn_lvalue_key(fn, as_call_role(copy, copy->rule->src));
		if (dk->unknown || sk->unknown || dk->op || sk->op)
			continue;
		rule_init(&r, fn->name, AS_ROLE_COPY);
		dst = dk->text;
		/* A helper passing its parameter on to ary_fill fills its field. */
		r.field = copy->rule->field;
		for (int i = 0; i < clang_Cursor_getNumArguments(fn->cur) && r.dst < 0 && !r.field; i++) {
			CXString nm = clang_getCursorSpelling(clang_Cursor_getArgument(fn->cur, (unsigned)i));
			const char *f = field_of(dst, clang_getCString(nm));
			if (f) {
				r.dst = i;
				r.field = as_arena_strdup(&fn->tu->arena, f);
			}
			clang_disposeString(nm);
		}
		if (r.dst < 0)
			r.dst = param_index(fn->cur, dst);
		r.src = param_index(fn->cur, sk->text);
		if (r.dst >= 0 && r.src >= 0 && !size_roles(fn, as_call_size(fn, copy), &r))
			return add_summary(fn, out, &r, copy);
	}
	rule_init(&r, fn->name, AS_ROLE_COPY);
	if (!copy_loop(fn, &r))
		return add_summary(fn, out, &r, NULL);
	return 0;
}

static int user_definition(CXCursor c)
{
	return clang_getCursorKind(c) == CXCursor_FunctionDecl && clang_isCursorDefinition(c) &&
	       !clang_Location_isInSystemHeader(clang_getCursorLocation(c));
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
	if (!user_definition(c))
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
	for (int round = 0; round < AS_SUMMARY_ROUNDS; round++) {
		struct pass p = { tu, 0, round };
		clang_visitChildren(clang_getTranslationUnitCursor(tu->tu), each_function, &p);
		if (!p.added)
			break;
	}
}

struct calls {
	const struct as_tu *tu;
	struct as_names *out;
	int rc;
};

static enum CXChildVisitResult each_call(CXCursor c, CXCursor parent, CXClientData data)
{
	struct calls *k = data;
	const struct as_rule *r;
	CXCursor ref;
	CXString s;
	const char *name;
	char mark[256];

	(void)parent;
	if (clang_getCursorKind(c) != CXCursor_CallExpr)
		return CXChildVisit_Recurse;
	ref = clang_getCursorReferenced(c);
	if (clang_getCursorKind(ref) != CXCursor_FunctionDecl || !clang_Cursor_isNull(clang_getCursorDefinition(ref)))
		return CXChildVisit_Recurse;
	s = clang_getCursorSpelling(ref);
	name = clang_getCString(s);
	r = as_rules_function(k->tu->rules, name, strlen(name));
	/* A pack's word stands: no other unit can change what it says. But a
	 * unit that defines a library function replaces the library's. */
	if (r ? r->library && as_program_mark(name, mark) && as_names_add(k->out, mark, strlen(mark))
	      : as_names_add(k->out, name, strlen(name)))
		k->rc = -1;
	clang_disposeString(s);
	return CXChildVisit_Recurse;
}

static enum CXChildVisitResult each_caller(CXCursor c, CXCursor parent, CXClientData data)
{
	(void)parent;
	if (user_definition(c))
		clang_visitChildren(c, each_call, data);
	return CXChildVisit_Continue;
}

int as_summary_callees(const struct as_tu *tu, struct as_names *out)
{
	struct calls k = { tu, out, 0 };

	clang_visitChildren(clang_getTranslationUnitCursor(tu->tu), each_caller, &k);
	/* Whether stdio output only reads depends on every unit (as_readonly.h). */
	if (as_names_add(out, AS_MEMSTREAM_NAME, strlen(AS_MEMSTREAM_NAME)) ||
	    as_names_add(out, AS_HANDLER_NAME, strlen(AS_HANDLER_NAME)))
		k.rc = -1;
	as_names_seal(out);
	return k.rc;
}

struct exporting {
	struct as_tu *tu;
	struct as_exports *out;
	int rc;
};

static enum CXChildVisitResult each_export(CXCursor c, CXCursor parent, CXClientData data)
{
	struct exporting *x = data;
	const struct as_rule *r;
	struct as_rule copy;
	CXString s;
	CXFile f;
	unsigned off;
	const char *name;
	const char *path;
	char *where;
	char mark[256];

	(void)parent;
	if (!user_definition(c) || clang_getCursorLinkage(c) != CXLinkage_External ||
	    as_loc_file(clang_getCursorLocation(c), &f, &off))
		return CXChildVisit_Continue;
	s = clang_getCursorSpelling(c);
	name = clang_getCString(s);
	path = as_tu_real_path(x->tu, f);
	where = as_arena_alloc(&x->tu->arena, strlen(path) + 16);
	sprintf(where, "%s:%u", path, off);
	r = x->tu->summaries.nrules ? as_rules_function(&x->tu->summaries, name, strlen(name)) : NULL;
	if (r) {
		/* Named by its file, so a fix's reason can say where the helper is. */
		copy = *r;
		copy.pack = (char *)path;
		r = &copy;
	}
	if (as_exports_add(x->out, name, where, r, as_tu_grower(x->tu, name, strlen(name))))
		x->rc = -1;
	r = as_rules_function(x->tu->rules, name, strlen(name));
	if (!x->rc && r && r->library && as_program_mark(name, mark)) {
		/* One place for every unit that says it: no conflict to drop it. */
		rule_init(&copy, mark, AS_ROLE_READ);
		x->rc = as_exports_add(x->out, mark, mark, &copy, NULL);
	}
	clang_disposeString(s);
	as_arena_reset(&x->tu->arena);
	return CXChildVisit_Continue;
}

int as_summary_exports(struct as_tu *tu, struct as_exports *out)
{
	struct exporting x = { tu, out, 0 };
	unsigned line;

	clang_visitChildren(clang_getTranslationUnitCursor(tu->tu), each_export, &x);
	if (!x.rc && as_unit_opens_memstream(tu)) {
		struct as_rule r;
		/* One place for every unit that says it: no conflict to drop it. */
		rule_init(&r, AS_MEMSTREAM_NAME, AS_ROLE_READ);
		x.rc = as_exports_add(out, AS_MEMSTREAM_NAME, AS_MEMSTREAM_NAME, &r, NULL);
	}
	if (!x.rc && as_unit_writing_handler(tu, &line)) {
		struct as_rule r;
		rule_init(&r, AS_HANDLER_NAME, AS_ROLE_READ);
		x.rc = as_exports_add(out, AS_HANDLER_NAME, AS_HANDLER_NAME, &r, NULL);
	}
	return x.rc;
}

struct explaining {
	struct as_tu *tu;
	const char *name;
	FILE *out;
	int found;
};

static enum CXChildVisitResult each_explained(CXCursor c, CXCursor parent, CXClientData data)
{
	struct explaining *x = data;
	const struct as_rule *r;
	CXString s;
	CXFile f;
	unsigned line;
	char words[512];

	(void)parent;
	if (!user_definition(c))
		return CXChildVisit_Continue;
	s = clang_getCursorSpelling(c);
	if (strcmp(clang_getCString(s), x->name)) {
		clang_disposeString(s);
		return CXChildVisit_Continue;
	}
	clang_disposeString(s);
	clang_getSpellingLocation(clang_getCursorLocation(c), &f, &line, NULL, NULL);
	x->found++;
	fprintf(x->out, "%s:%u: %s: ", as_tu_real_path(x->tu, f), line, x->name);
	r = as_tu_function(x->tu, x->name, strlen(x->name));
	if (r && !r->summary) {
		fprintf(x->out, "described by rule pack %s (role %s)\n", r->pack, as_role_name(r->role));
		return CXChildVisit_Continue;
	}
	if (!r) {
		fputs("no summary: its body is none of the shapes a summary describes "
		      "(docs/rules.md, 'Helpers the analysis sees through')\n",
		      x->out);
		return CXChildVisit_Continue;
	}
	as_summary_words(c, r, x->tu->rules, words, sizeof words);
	fprintf(x->out, "%s\n", words);
	/* The helpers below it, one per line. */
	for (const char *t = r->trace ? strchr(r->trace, '\n') : NULL; t && t[1]; t = strchr(t + 1, '\n')) {
		const char *eol = strchr(t + 1, '\n');
		const char *tab1 = strchr(t + 1, '\t'), *tab2 = tab1 ? strchr(tab1 + 1, '\t') : NULL;
		const char *tab3 = tab2 ? strchr(tab2 + 1, '\t') : NULL;
		if (!eol || !tab3 || tab3 > eol)
			break;
		fprintf(x->out, "  via %.*s (%.*s:%.*s): %.*s\n", (int)(tab1 - t - 1), t + 1, (int)(tab2 - tab1 - 1),
			tab1 + 1, (int)(tab3 - tab2 - 1), tab2 + 1, (int)(eol - tab3 - 1), tab3 + 1);
	}
	return CXChildVisit_Continue;
}

int as_summary_explain(struct as_tu *tu, const char *name, FILE *out)
{
	struct explaining x = { tu, name, out, 0 };

	clang_visitChildren(clang_getTranslationUnitCursor(tu->tu), each_explained, &x);
	return x.found;
}
