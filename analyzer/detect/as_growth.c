/* as_growth.c - how a reallocation's new size relates to the old one, by
 * value rather than by spelling: the size is evaluated as a lower bound of
 * "factor times a base" (an old capacity or length), following locals and
 * fields to the definitions that reach the reallocation, through ternaries,
 * max and min, shifts, divisions and loops that double until large enough.
 * A guard that skips the reallocation while there is room is part of the
 * proof: under "need > cap", a new size of 2 * need is geometric. */
#include "as_detect.h"

#include <string.h>

/* Lower bounds below this are not a growth factor: 1 + epsilon is additive. */
#define AS_GEOMETRIC 1.01
#define AS_FACTOR_UNKNOWN -1.0
#define AS_DEPTH 6

struct eval {
	struct as_fn *fn;
	int at;    /* event index: definitions reaching it are followed */
	int scope; /* region the definitions must lie in */
	int depth;
	const struct as_key *above; /* a guard says it is at least the base, or NULL */
};

static double factor(struct eval *x, const struct as_key *k, const struct as_key *base);

/* A conversion that may not keep every value ((unsigned)(n * 8 + 24)):
 * a size that wraps is a bug of its own, so growth reads through it. */
static int is_conversion(const struct as_key *k)
{
	return k->op && k->op[0] == '(' && k->nkid == 1;
}

static int region_dominates(const struct as_fn *fn, int def, int use)
{
	return as_region_within(fn, use, def);
}

/* Every update of key in loop region loop scales it by a constant above 1
 * (c *= 2, c <<= 1, c = c * 2 + 1): a loop that doubles until large enough. */
static int doubling_loop(struct eval *x, int loop, const char *key)
{
	struct as_fn *fn = x->fn;
	int seen = 0;

	for (int e = 0; e < fn->nev; e++) {
		const struct as_event *ev = &fn->ev[e];
		struct as_key *rhs;
		if ((ev->kind != AS_EV_ASSIGN && ev->kind != AS_EV_INCDEC) || !ev->key || strcmp(ev->key, key) ||
		    !as_region_within(fn, ev->region, loop))
			continue;
		if (ev->kind == AS_EV_INCDEC || clang_Cursor_isNull(ev->rhs))
			return 0;
		rhs = as_fn_size_key(fn, ev->rhs);
		if (!strcmp(ev->op, "<<=")) {
			if (!rhs->is_num || rhs->num < 1)
				return 0;
		} else if (!strcmp(ev->op, "*=")) {
			if (!rhs->is_num || rhs->num < 2)
				return 0;
		} else if (!strcmp(ev->op, "=")) {
			struct eval in = { fn, e, loop, x->depth + 1, NULL };
			struct as_key *self = as_fn_lvalue_key(fn, ev->cur);
			CXCursor kid[1];
			if (as_children(ev->cur, kid, 1) >= 1)
				self = as_fn_lvalue_key(fn, kid[0]);
			if (factor(&in, rhs, self) < AS_GEOMETRIC)
				return 0;
		} else {
			return 0;
		}
		seen = 1;
	}
	return seen;
}

/* The value of leaf key at x->at: its definition when one reaches it on
 * every path (an assignment in a region holding the use), 2 for a doubling
 * loop, the leaf itself (AS_FACTOR_UNKNOWN from the caller) otherwise. */
static int reaching(struct eval *x, const struct as_key *leaf, const struct as_key *base, double *out)
{
	struct as_fn *fn = x->fn;
	const char *key = as_key_str(fn->tu, leaf);
	int use = x->at < fn->nev ? fn->ev[x->at].region : 0;

	if (x->depth > AS_DEPTH)
		return 0;
	for (int e = x->at - 1; e >= 0; e--) {
		const struct as_event *ev = &fn->ev[e];
		int loop;
		if ((ev->kind != AS_EV_ASSIGN && ev->kind != AS_EV_INCDEC) || !ev->key || strcmp(ev->key, key))
			continue;
		if (!as_region_within(fn, ev->region, x->scope))
			return 0;
		loop = as_region_loop(fn, ev->region);
		if (loop >= 0 && !as_region_within(fn, use, loop) && doubling_loop(x, loop, key)) {
			/* Doubled until large enough: a power of two times its start. */
			*out = 2;
			return 1;
		}
		if (ev->kind != AS_EV_ASSIGN || strcmp(ev->op, "=") || clang_Cursor_isNull(ev->rhs) ||
		    !region_dominates(fn, ev->region, use))
			return 0;
		{
			struct eval in = { fn, e, x->scope, x->depth + 1, x->above };
			*out = factor(&in, as_fn_size_key(fn, ev->rhs), base);
		}
		return 1;
	}
	return 0;
}

/* base is "+" and its terms are among k's (k = a.n + 17, base = a.n + 1):
 * the lower bound of what is left over, or AS_FACTOR_UNKNOWN. */
static double sum_over(struct eval *x, const struct as_key *k, const struct as_key *base)
{
	int used[64] = { 0 };
	double rest = 1;

	if (!base || !base->op || strcmp(base->op, "+") || k->nkid > 64)
		return AS_FACTOR_UNKNOWN;
	for (int b = 0; b < base->nkid; b++) {
		int hit = 0;
		for (int i = 0; i < k->nkid && !hit; i++)
			if (!used[i] && (as_key_equal(x->fn->tu, k->kid[i], base->kid[b]) ||
					 (base->kid[b]->is_num && k->kid[i]->is_num && k->kid[i]->num >= base->kid[b]->num)))
				used[i] = hit = 1;
		if (!hit)
			return AS_FACTOR_UNKNOWN;
	}
	for (int i = 0; i < k->nkid; i++) {
		double f;
		if (used[i])
			continue;
		if ((f = factor(x, k->kid[i], base)) < 0)
			return AS_FACTOR_UNKNOWN;
		rest += f;
	}
	return rest;
}

static double lower(double a, double b)
{
	return a < 0 || b < 0 ? AS_FACTOR_UNKNOWN : a < b ? a
							  : b;
}

static double upper(double a, double b)
{
	return a < 0 || b < 0 ? AS_FACTOR_UNKNOWN : a > b ? a
							  : b;
}

static int is_cmp(const char *op)
{
	return !strcmp(op, ">") || !strcmp(op, ">=") || !strcmp(op, "<") || !strcmp(op, "<=");
}

/* c ? a : b: max (a > b ? a : b), min, or a first allocation's constant
 * beside a growth of the base (cap ? 2 * cap : 16). */
static double ternary(struct eval *x, const struct as_key *k, const struct as_key *base)
{
	struct as_tu *tu = x->fn->tu;
	const struct as_key *c = k->kid[0], *a = k->kid[1], *b = k->kid[2];
	double fa = factor(x, a, base), fb = factor(x, b, base), fc;

	if (c->op && is_cmp(c->op) && c->nkid == 2) {
		int gt = c->op[0] == '>';
		if (as_key_equal(tu, c->kid[0], a) && as_key_equal(tu, c->kid[1], b))
			return gt ? upper(fa, fb) : lower(fa, fb);
		if (as_key_equal(tu, c->kid[0], b) && as_key_equal(tu, c->kid[1], a))
			return gt ? lower(fa, fb) : upper(fa, fb);
	}
	fc = factor(x, c, base);
	if (fc != 0 && a->is_num)
		return fb;
	if (fc != 0 && b->is_num)
		return fa;
	return lower(fa, fb);
}

static double product(struct eval *x, const struct as_key *k, const struct as_key *base)
{
	double c = 1, f = 0;
	int vars = 0;

	for (int i = 0; i < k->nkid; i++) {
		if (k->kid[i]->is_num) {
			c *= (double)k->kid[i]->num;
			continue;
		}
		vars++;
		f = factor(x, k->kid[i], base);
		if (f != 0 && vars > 1)
			return AS_FACTOR_UNKNOWN; /* n * cap: n may be 1 */
	}
	if (vars > 1)
		return 0;
	return f < 0 || c < 0 ? AS_FACTOR_UNKNOWN : c * f;
}

/* A lower bound of k / base, with every leaf taken as non-negative (sizes
 * and counts); 0 when k does not grow with base; AS_FACTOR_UNKNOWN when no
 * bound is known. */
static double factor(struct eval *x, const struct as_key *k, const struct as_key *base)
{
	double f, sum = 0;

	if (base && (as_key_equal(x->fn->tu, k, base) || (x->above && as_key_equal(x->fn->tu, k, x->above))))
		return 1;
	if (k->unknown)
		return AS_FACTOR_UNKNOWN;
	if (k->is_num)
		return 0;
	if (!k->op || (!strcmp(k->op, "u*") && k->nkid == 1 && !k->kid[0]->op))
		return reaching(x, k, base, &f) ? f : 0;
	if (!strcmp(k->op, "+")) {
		if ((f = sum_over(x, k, base)) >= 0)
			return f;
		for (int i = 0; i < k->nkid; i++) {
			if ((f = factor(x, k->kid[i], base)) < 0)
				return AS_FACTOR_UNKNOWN;
			sum += f;
		}
		return sum;
	}
	if (!strcmp(k->op, "*"))
		return product(x, k, base);
	if (!strcmp(k->op, "?:") && k->nkid == 3)
		return ternary(x, k, base);
	if (is_conversion(k))
		return factor(x, k->kid[0], base);
	if ((!strcmp(k->op, "/") || !strcmp(k->op, "-") || !strcmp(k->op, ">>")) && k->nkid == 2) {
		double fb;
		f = factor(x, k->kid[0], base);
		/* end - start + 1: a length, which grows by steps at most as the
		 * end does, whatever start is. */
		if (!strcmp(k->op, "-"))
			return f >= 0 && (k->kid[1]->is_num || f <= 1) ? f : AS_FACTOR_UNKNOWN;
		if (f < 0 || (fb = factor(x, k->kid[1], base)) != 0)
			return AS_FACTOR_UNKNOWN;
		if (!k->kid[1]->is_num || k->kid[1]->num <= 0)
			return f == 0 ? 0 : AS_FACTOR_UNKNOWN;
		return !strcmp(k->op, "/")   ? f / (double)k->kid[1]->num
		       : k->kid[1]->num < 62 ? f / (double)(1LL << k->kid[1]->num)
					     : 0;
	}
	if (!strcmp(k->op, "call") && k->nkid == 2 && k->text &&
	    (strstr(k->text, "max") || strstr(k->text, "MAX") || strstr(k->text, "min") || strstr(k->text, "MIN"))) {
		double fa = factor(x, k->kid[0], base), fb = factor(x, k->kid[1], base);
		return strstr(k->text, "max") || strstr(k->text, "MAX") ? upper(fa, fb) : lower(fa, fb);
	}
	/* Anything else counts only when it does not involve the base. */
	for (int i = 0; i < k->nkid; i++)
		if (factor(x, k->kid[i], base) != 0)
			return AS_FACTOR_UNKNOWN;
	return 0;
}

double as_growth_factor(struct as_fn *fn, int at, int scope, const struct as_key *k, const struct as_key *base)
{
	struct eval x = { fn, at, scope, 0, NULL };

	return factor(&x, k, base);
}

/* The element count of a byte size: the pointee's size divided out of a
 * constant factor (realloc(p, n * sizeof *p) grows n, not 4 n). */
static const struct as_key *count_of(struct as_fn *fn, const struct as_call *c, const struct as_key *sz)
{
	CXType t = clang_getCanonicalType(clang_getCursorType(as_strip(as_call_role(c, c->rule->ptr))));
	long long el = t.kind == CXType_Pointer ? clang_Type_getSizeOf(clang_getPointeeType(t)) : 1;
	struct as_key *kid[64];

	while (is_conversion(sz))
		sz = sz->kid[0];
	if (sz->op && !strcmp(sz->op, "+") && sz->nkid == 2 && sz->kid[0]->is_num != sz->kid[1]->is_num) {
		/* A header and an array (sizeof(H) + (n - 1) * sizeof(E)): the
		 * array's constant is its element's size. */
		const struct as_key *arr = sz->kid[sz->kid[0]->is_num];
		if (!arr->op || strcmp(arr->op, "*") || arr->nkid > 64)
			return sz;
		for (int i = 0; i < arr->nkid; i++)
			kid[i] = arr->kid[i]->is_num ? as_key_num(fn->tu, 1) : arr->kid[i];
		return as_key_nary(fn->tu, "*", kid, arr->nkid);
	}
	if (el == 1 || !sz->op || strcmp(sz->op, "*") || sz->nkid > 64)
		return sz;
	for (int i = 0; i < sz->nkid; i++) {
		kid[i] = sz->kid[i];
		/* A void * buffer (tinyscheme's dump stack) has no element size of
		 * its own: the constant factor is its element's size. */
		if (kid[i]->is_num && el < 1 && kid[i]->num > 0)
			el = kid[i]->num;
		if (kid[i]->is_num && kid[i]->num % el == 0) {
			kid[i] = as_key_num(fn->tu, kid[i]->num / el);
			el = 1;
		}
	}
	return as_key_nary(fn->tu, "*", kid, sz->nkid);
}

/* A comparison that holds where the reallocation runs: the greater side in
 * hi, the smaller in lo (both for ==). */
static int comparison(struct as_fn *fn, CXCursor cond, int negate, struct as_key **hi, struct as_key **lo)
{
	CXCursor kid[2];
	const char *op;

	cond = as_strip(cond);
	if (clang_getCursorKind(cond) != CXCursor_BinaryOperator || as_children(cond, kid, 2) != 2)
		return 0;
	op = as_binop(fn->tu, cond);
	if (!strcmp(op, "==") && !negate) {
		*hi = as_fn_size_key(fn, kid[0]);
		*lo = as_fn_size_key(fn, kid[1]);
		return 1;
	}
	if (!is_cmp(op))
		return 0;
	/* a > b or a >= b, or their negation a <= b (skipped while a > b). */
	{
		int a_greater = (op[0] == '>') != negate;
		*hi = as_fn_size_key(fn, kid[a_greater ? 0 : 1]);
		*lo = as_fn_size_key(fn, kid[a_greater ? 1 : 0]);
	}
	return 1;
}

/* The comparison a flag local holds (needGrow = (need > max); if
 * (needGrow) ...): its definition reaching event i, or cond itself. */
static CXCursor flag_value(struct as_fn *fn, int i, int scope, CXCursor cond)
{
	struct as_key *k;
	const char *key;

	if (clang_getCursorKind(cond) != CXCursor_DeclRefExpr)
		return cond;
	k = as_fn_lvalue_key(fn, cond);
	key = as_key_str(fn->tu, k);
	if (k->unknown || !as_fn_local(fn, key))
		return cond;
	for (int e = i - 1; e >= 0; e--) {
		const struct as_event *ev = &fn->ev[e];
		if ((ev->kind != AS_EV_ASSIGN && ev->kind != AS_EV_INCDEC) || !ev->key || strcmp(ev->key, key))
			continue;
		if (ev->kind == AS_EV_ASSIGN && !strcmp(ev->op, "=") && !clang_Cursor_isNull(ev->rhs) &&
		    as_region_within(fn, ev->region, scope) && as_region_within(fn, fn->ev[i].region, ev->region))
			return as_strip(ev->rhs);
		break;
	}
	return cond;
}

/* A comparison known at reallocation i (hi at least lo there), asked of
 * its new count n; from is the first event after it is tested. */
typedef int cmp_test(struct as_fn *fn, int i, int scope, const struct as_key *n, struct as_key *hi, struct as_key *lo,
		     int from);

/* The old capacity is at most hi (and is lo or below it): a new size of a
 * factor above 1 times either is geometric, hi counting as at least lo
 * (Perl's av_extend_guts: key + *maxp / 5 under key > *maxp). */
static int proves(struct as_fn *fn, int i, int scope, const struct as_key *n, struct as_key *hi, struct as_key *lo,
		  int from)
{
	struct eval x = { fn, i, scope, 0, hi };

	(void)from; /* a factor is read where the reallocation is */
	return !lo->is_num &&
	       (as_growth_factor(fn, i, scope, n, hi) >= AS_GEOMETRIC || factor(&x, n, lo) >= AS_GEOMETRIC);
}

/* test holds for a comparison of cond, known at reallocation i: each
 * conjunct of a condition that holds, a disjunct of one that fails. */
static int holds(struct as_fn *fn, int i, int scope, const struct as_key *n, CXCursor cond, int negate, int from,
		 cmp_test *test)
{
	struct as_key *hi, *lo;
	CXCursor kid[2];

	cond = flag_value(fn, i, scope, as_strip(cond));
	if (clang_getCursorKind(cond) == CXCursor_BinaryOperator && as_children(cond, kid, 2) == 2 &&
	    !strcmp(as_binop(fn->tu, cond), negate ? "||" : "&&"))
		return holds(fn, i, scope, n, kid[0], negate, from, test) ||
		       holds(fn, i, scope, n, kid[1], negate, from, test);
	return comparison(fn, cond, negate, &hi, &lo) && !hi->unknown && !lo->unknown &&
	       test(fn, i, scope, n, hi, lo, from);
}

/* The first event inside region r (its condition is tested before it). */
static int region_start(const struct as_fn *fn, int r)
{
	for (int e = 0; e < fn->nev; e++)
		if (as_region_within(fn, fn->ev[e].region, r))
			return e;
	return fn->nev;
}

/* test holds for a condition known at reallocation i: a branch around it
 * (its condition holds there), or a branch before it that leaves (if (need
 * <= cap) return 0;: its condition fails there). */
static int known_at(struct as_fn *fn, int i, int scope, const struct as_key *n, cmp_test *test)
{
	for (int r = fn->ev[i].region; r >= 0 && r != scope; r = fn->regions[r].parent) {
		const struct as_region *g = &fn->regions[r];
		if (g->kind == AS_REGION_BRANCH && !clang_Cursor_isNull(g->cond) &&
		    holds(fn, i, scope, n, g->cond, g->is_else, region_start(fn, r), test))
			return 1;
	}
	for (int e = 0; e < i; e++) {
		const struct as_event *ev = &fn->ev[e];
		const struct as_region *g = &fn->regions[ev->region];
		if (ev->kind != AS_EV_EXIT || g->kind != AS_REGION_BRANCH || g->is_else || clang_Cursor_isNull(g->cond) ||
		    as_region_within(fn, fn->ev[i].region, ev->region) ||
		    !as_region_within(fn, fn->ev[i].region, g->parent) || !as_region_within(fn, ev->region, scope))
			continue;
		if (holds(fn, i, scope, n, g->cond, 1, e + 1, test))
			return 1;
	}
	return 0;
}

int as_growth_guarded_geometric(struct as_fn *fn, int i, int scope)
{
	const struct as_call *c = fn->ev[i].call;
	struct as_key *sz = as_call_size(fn, c);

	return sz && !sz->unknown && known_at(fn, i, scope, count_of(fn, c, sz), proves);
}

/* hi is the capacity: set to the new count n after the reallocation
 * (arr->size = new_size). */
static int capacity_of(struct as_fn *fn, int i, const struct as_key *hi, const struct as_key *n)
{
	const char *key = as_key_str(fn->tu, hi);

	for (int e = i + 1; e < fn->nev; e++) {
		const struct as_event *ev = &fn->ev[e];
		if (ev->kind == AS_EV_ASSIGN && !strcmp(ev->op, "=") && ev->key && !strcmp(ev->key, key) &&
		    !clang_Cursor_isNull(ev->rhs) && as_key_equal(fn->tu, as_fn_size_key(fn, ev->rhs), n))
			return 1;
	}
	return 0;
}

/* Between from and reallocation i, n is set to constants only (json-c's
 * "if (new_size == 0) new_size = 1"): no step that could grow it. */
static int held_since(struct as_fn *fn, int from, int i, const struct as_key *n)
{
	const char *key = as_key_str(fn->tu, n);

	for (int e = from; e < i; e++) {
		const struct as_event *ev = &fn->ev[e];
		if (!as_event_writes(ev) || !ev->key || !as_key_leaf_covered(ev->key, n))
			continue;
		if (ev->kind != AS_EV_ASSIGN || strcmp(ev->op, "=") || strcmp(ev->key, key) || clang_Cursor_isNull(ev->rhs) ||
		    !as_fn_size_key(fn, ev->rhs)->is_num)
			return 0;
	}
	return 1;
}

static int caps(struct as_fn *fn, int i, int scope, const struct as_key *n, struct as_key *hi, struct as_key *lo,
		int from)
{
	(void)scope;
	return as_key_equal(fn->tu, lo, n) && capacity_of(fn, i, hi, n) && held_since(fn, from, i, n);
}

int as_growth_shrinks(struct as_fn *fn, int i, int scope)
{
	const struct as_call *c = fn->ev[i].call;
	struct as_key *sz = as_call_size(fn, c);

	return sz && !sz->unknown && known_at(fn, i, scope, count_of(fn, c, sz), caps);
}

struct multiple {
	struct as_fn *fn;
	int at, scope, hit;
	const struct as_key *n;
};

static void leaf_multiple(void *ctx, const struct as_key *leaf)
{
	struct multiple *m = ctx;

	if (!leaf->is_num && !leaf->unknown && as_growth_factor(m->fn, m->at, m->scope, m->n, leaf) >= AS_GEOMETRIC)
		m->hit = 1;
}

int as_growth_multiple(struct as_fn *fn, int i, int scope)
{
	const struct as_call *c = fn->ev[i].call;
	struct as_key *sz = as_call_size(fn, c);
	struct multiple m = { fn, i, scope, 0, NULL };

	if (!sz || sz->unknown)
		return 0;
	m.n = count_of(fn, c, sz);
	as_key_leaves(m.n, leaf_multiple, &m);
	return m.hit;
}

/* The value an update stores, as far as counts go. A pointer set to a base
 * plus an offset (b->end = p + len + 1, p the block just reallocated and
 * stored as b->start) moves by its offset: the base is an address, not a
 * count, and p's definition, the reallocation, would otherwise bring the
 * size, and with it v, in a second time. */
struct as_key *as_growth_stored_key(struct as_fn *fn, CXCursor e)
{
	CXCursor kid[2];
	struct as_key *k[2];

	e = as_strip(e);
	if (clang_getCanonicalType(clang_getCursorType(e)).kind != CXType_Pointer)
		return as_fn_size_key(fn, e);
	if (clang_getCursorKind(e) != CXCursor_BinaryOperator || strcmp(as_binop(fn->tu, e), "+") ||
	    as_children(e, kid, 2) != 2)
		return clang_getCursorKind(e) == CXCursor_BinaryOperator ? as_fn_size_key(fn, e) : as_key_num(fn->tu, 0);
	for (int i = 0; i < 2; i++)
		k[i] = as_growth_stored_key(fn, kid[i]);
	return as_key_nary(fn->tu, "+", k, 2);
}

/* What a size set from k (v = len + 1) does from pass to pass of loop
 * scope. FRESH: k is made anew on each pass from constants, values the loop
 * does not change, and locals declared in its body set from such (Jim's
 * length = sizeof(w) * 8 before "if (size < length + 1) size = length + 1"):
 * v then does not grow with the passes. CARRIED: it reads a value a pass
 * hands to the next (a local declared outside the loop and set inside it,
 * a field, a global): v may grow by a step on each pass. UNKNOWN: a local of
 * the body set through its address or by an increment, or a call's result. */
enum pass_value { PASS_FRESH,
		  PASS_UNKNOWN,
		  PASS_CARRIED };

static enum pass_value pass_value(struct eval *x, const struct as_key *k)
{
	struct as_fn *fn = x->fn;
	enum pass_value worst = PASS_FRESH;
	const struct as_local *l;
	const char *key;
	int inside, set = 0;

	if (k->is_num)
		return PASS_FRESH;
	if (k->unknown || x->depth > AS_DEPTH)
		return PASS_UNKNOWN;
	if (k->op && strcmp(k->op, "u*")) {
		if (!strcmp(k->op, "call"))
			return PASS_UNKNOWN;
		for (int i = 0; i < k->nkid && worst != PASS_CARRIED; i++) {
			enum pass_value v = pass_value(x, k->kid[i]);
			worst = v > worst ? v : worst;
		}
		return worst;
	}
	key = as_key_str(fn->tu, k);
	l = k->op ? NULL : as_fn_local(fn, key);
	if (!l || l->kept)
		return PASS_CARRIED;
	inside = l->region >= 0 && as_region_within(fn, l->region, x->scope);
	for (int e = 0; e < fn->nev; e++) {
		const struct as_event *ev = &fn->ev[e];
		enum pass_value v;
		if ((ev->kind != AS_EV_ASSIGN && ev->kind != AS_EV_INCDEC && ev->kind != AS_EV_ADDR) || !ev->key ||
		    strcmp(ev->key, key))
			continue;
		if (ev->kind == AS_EV_ADDR)
			return inside ? PASS_UNKNOWN : PASS_CARRIED;
		if (!as_region_within(fn, ev->region, x->scope))
			continue; /* set before the loop: the same on every pass */
		set = 1;
		if (!inside)
			return PASS_CARRIED;
		if (ev->kind == AS_EV_INCDEC || clang_Cursor_isNull(ev->rhs))
			return PASS_UNKNOWN;
		{
			struct eval in = { fn, e, x->scope, x->depth + 1, NULL };
			v = pass_value(&in, as_fn_size_key(fn, ev->rhs));
		}
		worst = v > worst ? v : worst;
	}
	return set || !inside ? worst : PASS_UNKNOWN;
}

struct as_key *as_growth_loop_need(struct as_fn *fn, int loop, const struct as_key *self)
{
	CXCursor cond = as_strip(fn->regions[loop].cond), kid[2];
	struct as_key *hi, *lo;
	const char *op;

	if (fn->regions[loop].kind != AS_REGION_LOOP || clang_Cursor_isNull(fn->regions[loop].cond) ||
	    clang_getCursorKind(cond) != CXCursor_BinaryOperator || as_children(cond, kid, 2) != 2)
		return NULL;
	op = as_binop(fn->tu, cond);
	if (is_cmp(op))
		return comparison(fn, cond, 0, &hi, &lo) && as_key_equal(fn->tu, lo, self) ? hi : NULL;
	/* An operator spelled between macro arguments cannot be read (nor
	 * does != say which side is short): a loop that raises v runs while
	 * v is short, so the side that is not v is the need. */
	if (*op && strcmp(op, "!="))
		return NULL;
	for (int side = 0; side < 2; side++)
		if (as_key_equal(fn->tu, as_fn_size_key(fn, kid[side]), self))
			return as_fn_size_key(fn, kid[!side]);
	return NULL;
}

/* The need a condition compares v against, read through && (a guard
 * "v < LIMIT && need > v" holds each conjunct): NULL if none. */
static struct as_key *cond_need(struct as_fn *fn, CXCursor cond, const struct as_key *self, int depth)
{
	CXCursor kid[2];
	struct as_key *hi, *lo, *n;

	cond = as_strip(cond);
	if (depth > 4 || clang_getCursorKind(cond) != CXCursor_BinaryOperator || as_children(cond, kid, 2) != 2)
		return NULL;
	if (!strcmp(as_binop(fn->tu, cond), "&&")) {
		n = cond_need(fn, kid[0], self, depth + 1);
		return n ? n : cond_need(fn, kid[1], self, depth + 1);
	}
	/* v < LIMIT bounds v; it asks for no room. */
	return comparison(fn, cond, 0, &hi, &lo) && as_key_equal(fn->tu, lo, self) && !hi->is_num ? hi : NULL;
}

struct as_key *as_growth_guard_need(struct as_fn *fn, int region, const struct as_key *self)
{
	const struct as_region *g = &fn->regions[region];

	if (g->kind != AS_REGION_BRANCH || g->is_else || clang_Cursor_isNull(g->cond))
		return NULL;
	return cond_need(fn, g->cond, self, 0);
}

/* v += k inside a loop that raises v while it is short of a need (bash's
 * alias expansion: while (llen + tlen + 1 >= size) size += llen + tlen +
 * 50), or under an if that finds it short (lemon's action table: if (need
 * >= alloc) alloc = need + alloc + 20): a step at least the need, which is
 * at least v there, at least doubles v. */
static int step_covers_need(struct as_fn *fn, int e, int scope, const struct as_key *step, const struct as_key *self)
{
	for (int r = fn->ev[e].region; r > 0 && r != scope; r = fn->regions[r].parent) {
		const struct as_key *need = as_growth_loop_need(fn, r, self);
		if (!need)
			need = as_growth_guard_need(fn, r, self);
		if (need && as_growth_factor(fn, e, scope, step, need) >= 1)
			return 1;
	}
	return 0;
}

/* rhs ("+") without one term equal to self: the step of v = v + k. */
static const struct as_key *step_beside(struct as_fn *fn, const struct as_key *rhs, const struct as_key *self)
{
	struct as_key *kid[64];
	int n = 0, dropped = 0;

	if (!rhs->op || strcmp(rhs->op, "+") || rhs->nkid > 64 || rhs->nkid < 2)
		return NULL;
	for (int i = 0; i < rhs->nkid; i++) {
		if (!dropped && as_key_equal(fn->tu, rhs->kid[i], self))
			dropped = 1;
		else
			kid[n++] = rhs->kid[i];
	}
	if (!dropped)
		return NULL;
	return n == 1 ? kid[0] : as_key_nary(fn->tu, "+", kid, n);
}

/* How an update of v changes it, by value: v++, v += k, v = v + k are
 * additive, and v = len + k is too, except in a loop whose passes make len
 * afresh (no growth) or take it from a call or its address (unknown);
 * v *= 2, v <<= 1, v += v / 2, v = max(2 * v, n), v = v ? 2 * v : 16 are
 * geometric; anything else is unknown. */
enum as_growth as_growth_update(struct as_fn *fn, int e, int scope)
{
	const struct as_event *ev = &fn->ev[e];
	struct as_key *rhs, *self;
	const struct as_key *step;
	CXCursor kid[1];
	double f;

	if (ev->kind == AS_EV_INCDEC)
		return !strcmp(ev->op, "++") ? AS_GROWTH_ADDITIVE : AS_GROWTH_UNKNOWN;
	if (clang_Cursor_isNull(ev->rhs))
		return AS_GROWTH_UNKNOWN;
	rhs = as_growth_stored_key(fn, ev->rhs);
	if (!strcmp(ev->op, "*="))
		return rhs->is_num && rhs->num > 1 ? AS_GROWTH_GEOMETRIC : AS_GROWTH_UNKNOWN;
	if (!strcmp(ev->op, "<<="))
		return rhs->is_num && rhs->num > 0 ? AS_GROWTH_GEOMETRIC : AS_GROWTH_UNKNOWN;
	/* A declaration's initialiser has no old value to scale. */
	self = clang_getCursorKind(ev->cur) != CXCursor_VarDecl && as_children(ev->cur, kid, 1) >= 1
		       ? as_fn_lvalue_key(fn, kid[0])
		       : NULL;
	f = as_growth_factor(fn, e, scope, rhs, self);
	if (!strcmp(ev->op, "+="))
		return f < 0                                                          ? AS_GROWTH_UNKNOWN
		       : f > 0 || (self && step_covers_need(fn, e, scope, rhs, self)) ? AS_GROWTH_GEOMETRIC
										      : AS_GROWTH_ADDITIVE;
	if (strcmp(ev->op, "="))
		return AS_GROWTH_UNKNOWN;
	if (f >= AS_GEOMETRIC)
		return AS_GROWTH_GEOMETRIC;
	if (self && f >= 1 && (step = step_beside(fn, rhs, self)) && step_covers_need(fn, e, scope, step, self))
		return AS_GROWTH_GEOMETRIC;
	if (f < 0 || !rhs->op || strcmp(rhs->op, "+"))
		return AS_GROWTH_UNKNOWN;
	/* v = v + k; or set to what is needed plus a step (v = len + k), which
	 * grows by a step on each pass of a loop only as far as len does. */
	if (f == 0 && scope > 0) {
		struct eval x = { fn, e, scope, 0, NULL };
		switch (pass_value(&x, rhs)) {
		case PASS_FRESH:
			return AS_GROWTH_NONE;
		case PASS_UNKNOWN:
			return AS_GROWTH_UNKNOWN;
		case PASS_CARRIED:
			break;
		}
	}
	return AS_GROWTH_ADDITIVE;
}

/* x == NULL or !x, for x the key text. */
static int tests_null(struct as_fn *fn, CXCursor cond, const char *x)
{
	CXCursor kid[2];
	struct as_key *k;
	long long v;
	int post;

	cond = as_strip(cond);
	if (clang_getCursorKind(cond) == CXCursor_UnaryOperator && !strcmp(as_unop(fn->tu, cond, &post), "!") &&
	    as_children(cond, kid, 1) == 1)
		k = as_fn_lvalue_key(fn, kid[0]);
	else if (clang_getCursorKind(cond) == CXCursor_BinaryOperator && !strcmp(as_binop(fn->tu, cond), "==") &&
		 as_children(cond, kid, 2) == 2 && as_eval_int(as_strip(kid[1]), &v) && v == 0)
		k = as_fn_lvalue_key(fn, kid[0]);
	else
		return 0;
	return !k->unknown && !strcmp(as_key_str(fn->tu, k), x);
}

int as_growth_fallback(struct as_fn *fn, int i)
{
	const struct as_call *c = fn->ev[i].call;
	const char *ptr = as_key_str(fn->tu, as_fn_lvalue_key(fn, as_call_role(c, c->rule->ptr)));

	for (int r = fn->ev[i].region; r > 0; r = fn->regions[r].parent) {
		const struct as_region *g = &fn->regions[r];
		if (g->kind != AS_REGION_BRANCH || g->is_else || clang_Cursor_isNull(g->cond))
			continue;
		for (int e = 0; e < i; e++) {
			const struct as_call *o = fn->ev[e].call;
			if (fn->ev[e].kind != AS_EV_CALL || !o->rule || o->rule->role != AS_ROLE_REALLOC ||
			    strcmp(as_key_str(fn->tu, as_fn_lvalue_key(fn, as_call_role(o, o->rule->ptr))), ptr))
				continue;
			for (int t = 0; t < o->ntargets; t++)
				if (tests_null(fn, g->cond, o->target[t]))
					return 1;
		}
	}
	return 0;
}
