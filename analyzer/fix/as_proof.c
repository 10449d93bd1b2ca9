/* as_proof.c - the memdup and share obligations checked on the control-flow
 * graph (as_proof.h). Every check either proves its condition for all paths
 * or gives the reason in words; nothing here guesses. */
#include "as_proof.h"

#include <stdio.h>
#include <string.h>

#include "as_cfg.h"
#include "as_directives.h"
#include "as_draft.h"
#include "as_readonly.h"

static unsigned off_of(CXCursor c)
{
	CXFile f;
	unsigned off = 0;

	as_loc_file(clang_getRangeStart(clang_getCursorExtent(c)), &f, &off);
	return off;
}

static unsigned line_of(struct as_fn *fn, CXCursor c)
{
	unsigned line, col;

	as_fn_line_col(fn, off_of(c), &line, &col);
	return line;
}

static const char *key_of(struct as_fn *fn, CXCursor c)
{
	struct as_key *k = as_fn_lvalue_key(fn, c);

	return k->unknown ? "" : as_key_str(fn->tu, k);
}

static const char *spelling(struct as_fn *fn, CXCursor c)
{
	CXString s = clang_getCursorSpelling(c);
	const char *t = as_arena_strdup(&fn->tu->arena, clang_getCString(s));

	clang_disposeString(s);
	return t;
}

static int names_dst(struct as_fn *fn, CXCursor c, const char *dst)
{
	enum CXCursorKind k;

	c = as_strip(c);
	k = clang_getCursorKind(c);
	return (k == CXCursor_DeclRefExpr || k == CXCursor_MemberRefExpr || k == CXCursor_ArraySubscriptExpr ||
		k == CXCursor_UnaryOperator) &&
	       !strcmp(key_of(fn, c), dst);
}

static int is_assign_to(struct as_fn *fn, CXCursor c, const char *dst)
{
	CXCursor kid[2];

	c = as_strip(c);
	return clang_getCursorKind(c) == CXCursor_BinaryOperator && !strcmp(as_binop(fn->tu, c), "=") &&
	       as_children(c, kid, 2) == 2 && names_dst(fn, kid[0], dst);
}

/* 1 if test c is NULL-ness of dst, with *null_if_true telling which way;
 * at the allocation the test may be of the assignment itself. */
static int null_test(struct as_fn *fn, CXCursor c, const char *dst, int at_alloc, int *null_if_true)
{
	CXCursor kid[2];
	const char *op;

	c = as_strip(c);
	if (names_dst(fn, c, dst) || (at_alloc && is_assign_to(fn, c, dst))) {
		*null_if_true = 0;
		return 1;
	}
	if (clang_getCursorKind(c) != CXCursor_BinaryOperator || as_children(c, kid, 2) != 2)
		return 0;
	op = as_binop(fn->tu, c);
	if (strcmp(op, "==") && strcmp(op, "!="))
		return 0;
	if (as_null_constant(kid[0]))
		kid[0] = kid[1];
	else if (!as_null_constant(kid[1]))
		return 0;
	if (!names_dst(fn, kid[0], dst) && !(at_alloc && is_assign_to(fn, kid[0], dst)))
		return 0;
	*null_if_true = !strcmp(op, "==");
	return 1;
}

/* Another allocation between the pair, stored in a private local. */
struct fresh {
	const char *key;
	int node;
	/* Nodes reached from the first allocation without passing this one:
	 * a NULL test there may see an older value. */
	const unsigned char *before;
};

struct region {
	struct as_fn *fn;
	struct as_cfg *g;
	const char *dst;
	int alloc_node, copy_node;
	struct fresh *fresh;
	int nfresh;
	unsigned char *only_alloc; /* a stop set of the allocation's node alone */
	unsigned char *rejoins;    /* per node: 0 not known, 1 reaches the copy, 2 not */
	unsigned char *uses;       /* per node: 0 not known, 1 reaches a use of dst, 2 not */
};

static enum CXChildVisitResult find_use(CXCursor c, CXCursor parent, void *ctx)
{
	struct region *r = ctx;
	enum CXCursorKind k = clang_getCursorKind(c);

	(void)parent;
	if (k == CXCursor_CallExpr) {
		const char *name = as_tu_callee(r->fn->tu, c);
		const struct as_rule *rule = as_tu_function(r->fn->tu, name, strlen(name));
		if (rule && rule->role == AS_ROLE_FREE)
			return CXChildVisit_Continue; /* freeing reads no byte */
	}
	if ((k == CXCursor_DeclRefExpr || k == CXCursor_MemberRefExpr) && as_key_covers(r->dst, key_of(r->fn, c))) {
		r->uses[0] = 1;
		return CXChildVisit_Break;
	}
	return CXChildVisit_Recurse;
}

/* True if some step reachable from node v without the allocation uses dst
 * but to free it: on a branch that skips the copy, the early copy would
 * show there (bytes the program would have read unset). */
static int reaches_use(struct region *r, int v)
{
	const unsigned char *set;
	unsigned char found = 0;

	if (r->uses[v + 1])
		return r->uses[v + 1] == 1;
	set = as_cfg_forward(r->g, &r->fn->tu->arena, v, r->only_alloc, NULL, NULL);
	for (int u = 0; u < r->g->nnodes && !found; u++) {
		CXCursor c = r->g->node[u].cur;
		if ((u != v && !set[u]) || u == r->alloc_node || clang_Cursor_isNull(c))
			continue;
		r->uses[0] = 0;
		if (find_use(c, clang_getNullCursor(), r) == CXChildVisit_Recurse)
			clang_visitChildren(c, find_use, r);
		found = r->uses[0];
	}
	r->uses[v + 1] = found ? 1 : 2;
	return found;
}

/* True if the copy can be reached from node v without the allocation:
 * a branch that goes on to the copy (`if (!p) p = fallback;`) is part of
 * the region, whatever it tests. */
static int reaches_copy(struct region *r, int v)
{
	if (!r->rejoins[v])
		r->rejoins[v] = v == r->copy_node ||
						as_cfg_forward(r->g, &r->fn->tu->arena, v, r->only_alloc, NULL, NULL)[r->copy_node]
					? 1
					: 2;
	return r->rejoins[v] == 1;
}

static int failed_branch(struct region *r, int from, const struct as_edge *e, const char *key, int at_alloc)
{
	int null_if_true;

	return null_test(r->fn, r->g->node[from].cur, key, at_alloc, &null_if_true) &&
	       (e->kind == AS_EDGE_TRUE) == null_if_true;
}

/* The failure branch of a NULL check of dst, or of another allocation made
 * between the pair, that does not go on to the copy: paths decided by the
 * allocator alone and left without the copy, so doing it at the
 * allocation writes only bytes nobody reads. */
static int failure_edge(void *ctx, int from, const struct as_edge *e)
{
	struct region *r = ctx;
	int failed = 0;

	if (e->kind == AS_EDGE_ALWAYS || clang_Cursor_isNull(r->g->node[from].cur))
		return 0;
	failed = failed_branch(r, from, e, r->dst, from == r->alloc_node);
	/* Where another allocation failed, dst holds the new block: nothing
	 * there may read it. */
	for (int i = 0; i < r->nfresh && !failed; i++)
		failed = (from == r->fresh[i].node || !r->fresh[i].before[from]) &&
			 failed_branch(r, from, e, r->fresh[i].key, from == r->fresh[i].node) && !reaches_use(r, e->to);
	return failed && !reaches_copy(r, e->to);
}

struct name {
	const char *name;
	unsigned off;
};

struct scan {
	struct as_fn *fn;
	const char *dst;
	struct name *watch;
	int nwatch;
	const struct as_call *alloc, *copy;
	CXCursor skip;      /* a subtree not to look at (the copy's destination) */
	CXCursor src_array; /* the array variable the source names, or null */
	unsigned *defs;     /* watched locals declared (once) in the region */
	int ndefs;
	int at_alloc; /* the allocation's node: dst's own store is allowed */
	const char *why;
};

/* A variable is its first declaration: a block-scope 'extern' one names
 * the same object as the file-scope one before it. */
static unsigned var_off(CXCursor decl)
{
	return as_cfg_decl_off(clang_getCanonicalCursor(decl));
}

static int watched(const struct scan *s, CXCursor decl)
{
	const char *n = spelling(s->fn, decl);
	unsigned off = var_off(decl);

	for (int i = 0; i < s->nwatch; i++)
		if (s->watch[i].off == off && !strcmp(s->watch[i].name, n))
			return 1;
	return 0;
}

struct array_uses {
	struct as_fn *fn;
	const char *name;
	unsigned off;
	int refs, indexed;
};

static CXCursor stored_var(CXCursor c);

/* True if c is an array that is the variable itself or lies in its own
 * storage (a.m, a.m[i].n, a[i] of an array of arrays): used other than by
 * index, it decays to a pointer into the variable. */
static int array_of_decl(struct array_uses *u, CXCursor c)
{
	enum CXCursorKind k = clang_getCursorKind(c);
	CXCursor d;

	if ((k != CXCursor_DeclRefExpr && k != CXCursor_MemberRefExpr && k != CXCursor_ArraySubscriptExpr) ||
	    clang_getCanonicalType(clang_getCursorType(c)).kind != CXType_ConstantArray)
		return 0;
	d = stored_var(c);
	return !clang_Cursor_isNull(d) && as_cfg_decl_off(d) == u->off && !strcmp(spelling(u->fn, d), u->name);
}

static enum CXChildVisitResult count_uses(CXCursor c, CXCursor parent, void *ctx)
{
	struct array_uses *u = ctx;
	CXCursor kid[2];

	(void)parent;
	if (as_unevaluated(c))
		return CXChildVisit_Continue;
	if (clang_getCursorKind(c) == CXCursor_ArraySubscriptExpr && as_children(c, kid, 2) == 2 &&
	    array_of_decl(u, as_strip(kid[0])))
		u->indexed++;
	u->refs += array_of_decl(u, c);
	return CXChildVisit_Recurse;
}

/* True if every array of local decl's own storage (decl itself, or an
 * array member of a struct or union, at any depth) is used in the function
 * only to read or write one element by index (a[i], r.name[i]): no array
 * of it decays to a pointer, which without '&' would still point into it. */
static int only_indexed(struct as_fn *fn, CXCursor decl)
{
	struct array_uses u = { fn, spelling(fn, decl), as_cfg_decl_off(decl), 0, 0 };

	clang_visitChildren(fn->cur, count_uses, &u);
	return u.refs == u.indexed;
}

static int defined_here(const struct scan *s, CXCursor decl)
{
	for (int i = 0; i < s->ndefs; i++)
		if (s->defs[i] == as_cfg_decl_off(decl))
			return 1;
	return 0;
}

/* A local of automatic storage (or a parameter) whose address the function
 * never takes and none of whose arrays decays (a one-dimensional local
 * array, or a struct's array member, used only element by element): a
 * store to it writes no memory anything else can see. */
static int private_local(struct as_fn *fn, CXCursor decl)
{
	enum CXCursorKind k = clang_getCursorKind(decl);
	const char *n;
	CXType t;

	if ((k != CXCursor_VarDecl && k != CXCursor_ParmDecl) || clang_Cursor_getStorageClass(decl) == CX_SC_Static ||
	    clang_Cursor_getStorageClass(decl) == CX_SC_Extern ||
	    clang_getCursorKind(clang_getCursorSemanticParent(decl)) == CXCursor_TranslationUnit)
		return 0;
	t = clang_getCanonicalType(clang_getCursorType(decl));
	if (clang_isVolatileQualifiedType(t) || t.kind == CXType_IncompleteArray || t.kind == CXType_VariableArray)
		return 0;
	if (t.kind == CXType_ConstantArray &&
	    (clang_getCanonicalType(clang_getArrayElementType(t)).kind == CXType_ConstantArray ||
	     clang_isVolatileQualifiedType(clang_getArrayElementType(t))))
		return 0;
	if ((t.kind == CXType_ConstantArray || t.kind == CXType_Record) && !only_indexed(fn, decl))
		return 0;
	n = spelling(fn, decl);
	for (int i = 0; i < fn->nev; i++) {
		const char *k = fn->ev[i].key;
		size_t len = strlen(n);
		if (fn->ev[i].kind == AS_EV_ADDR && (!k || (!strncmp(k, n, len) && strchr(".[-", k[len]))))
			return 0;
	}
	return 1;
}

/* The variable a store to lvalue c writes, when it is a variable itself, a
 * member of a struct variable or an element of an array variable (not
 * through a pointer); null otherwise. */
static CXCursor stored_var(CXCursor c)
{
	CXCursor kid[2];

	for (;;) {
		c = as_strip(c);
		if (clang_getCursorKind(c) == CXCursor_DeclRefExpr)
			return clang_getCursorReferenced(c);
		if (clang_getCursorKind(c) == CXCursor_ArraySubscriptExpr && as_children(c, kid, 2) == 2 &&
		    clang_getCanonicalType(clang_getCursorType(as_strip(kid[0]))).kind == CXType_ConstantArray) {
			c = kid[0];
			continue;
		}
		if (clang_getCursorKind(c) != CXCursor_MemberRefExpr || as_children(c, kid, 1) != 1 ||
		    clang_getCanonicalType(clang_getCursorType(kid[0])).kind == CXType_Pointer)
			return clang_getNullCursor();
		c = kid[0];
	}
}

/* The private local that step c stores a fresh allocation in
 * (`q = malloc(n)`, `T *q = malloc(n)`), or a null cursor. */
static CXCursor fresh_store(struct as_fn *fn, CXCursor c)
{
	CXCursor kid[3], var = clang_getNullCursor(), call = clang_getNullCursor();
	const struct as_rule *r;
	const char *name;
	int n;

	if (clang_getCursorKind(c) == CXCursor_DeclStmt && as_children(c, kid, 2) == 1)
		c = kid[0];
	if (clang_getCursorKind(c) == CXCursor_VarDecl) {
		n = as_children(c, kid, 3);
		if (n > 0 && clang_isExpression(clang_getCursorKind(kid[n - 1])))
			var = c, call = kid[n - 1];
	} else if ((c = as_strip(c), clang_getCursorKind(c)) == CXCursor_BinaryOperator &&
		   !strcmp(as_binop(fn->tu, c), "=") && as_children(c, kid, 2) == 2 &&
		   clang_getCursorKind(as_strip(kid[0])) == CXCursor_DeclRefExpr) {
		var = clang_getCursorReferenced(as_strip(kid[0]));
		call = kid[1];
	}
	if (clang_Cursor_isNull(call) || clang_getCursorKind(call = as_strip(call)) != CXCursor_CallExpr ||
	    clang_getCursorKind(clang_getCursorReferenced(call)) != CXCursor_FunctionDecl)
		return clang_getNullCursor();
	name = spelling(fn, call);
	r = as_tu_function(fn->tu, name, strlen(name));
	if (!r || r->role != AS_ROLE_ALLOC || r->summary || !private_local(fn, var))
		return clang_getNullCursor();
	return var;
}

struct var_ref {
	struct as_fn *fn;
	const char *name;
	unsigned off;
};

static int is_var(const struct var_ref *v, CXCursor c)
{
	c = stored_var(c);
	return !clang_Cursor_isNull(c) && as_cfg_decl_off(c) == v->off && !strcmp(spelling(v->fn, c), v->name);
}

/* True if c stores to v, or declares it. */
static int stores_var(CXCursor c, void *ctx)
{
	const struct var_ref *v = ctx;
	enum CXCursorKind k = clang_getCursorKind(c);
	CXCursor kid[2];
	int post;

	if ((k == CXCursor_BinaryOperator || k == CXCursor_CompoundAssignOperator) && as_children(c, kid, 2) == 2)
		return as_op_assigns(as_binop(v->fn->tu, c)) && is_var(v, kid[0]);
	if (k == CXCursor_UnaryOperator && as_children(c, kid, 1) == 1) {
		const char *op = as_unop_typed(v->fn->tu, c, &post);
		return (!strcmp(op, "++") || !strcmp(op, "--")) && is_var(v, kid[0]);
	}
	return k == CXCursor_VarDecl && as_cfg_decl_off(c) == v->off && !strcmp(spelling(v->fn, c), v->name);
}

/* The other allocations of the region in (from na, up to the copy) whose
 * NULL tests decide nothing but whether they failed: each stored in a
 * private local that no other step of the region stores to. Their
 * failure branches are cut like dst's; returns how many. */
static int find_fresh(struct region *r, const unsigned char *in, unsigned char *stop)
{
	struct as_arena *ar = &r->fn->tu->arena;
	struct as_cfg *g = r->g;
	struct fresh *f = as_arena_alloc(ar, (size_t)g->nnodes * sizeof *f);
	int n = 0;

	for (int v = 0; v < g->nnodes; v++) {
		CXCursor var;
		struct var_ref ref;
		int u;
		if (!in[v] || v == r->alloc_node || stop[v] || clang_Cursor_isNull(g->node[v].cur))
			continue;
		var = fresh_store(r->fn, g->node[v].cur);
		if (clang_Cursor_isNull(var))
			continue;
		ref = (struct var_ref){ r->fn, spelling(r->fn, var), as_cfg_decl_off(var) };
		if (!strcmp(ref.name, r->dst))
			continue;
		for (u = 0; u < g->nnodes; u++)
			if (u != v && (in[u] || u == r->alloc_node) && !clang_Cursor_isNull(g->node[u].cur) &&
			    as_subtree_any(g->node[u].cur, stores_var, &ref))
				break;
		if (u < g->nnodes)
			continue;
		stop[v] = 1;
		f[n].before = as_cfg_forward(g, ar, r->alloc_node, stop, failure_edge, r);
		stop[v] = 0;
		f[n].key = ref.name;
		f[n].node = v;
		n++;
	}
	r->fresh = f;
	r->nfresh = n;
	return n;
}

/* The variable of array type that source expression e names (its bytes
 * are that variable's own), or a null cursor. */
static CXCursor array_var(CXCursor e)
{
	CXCursor d;

	if (clang_Cursor_isNull(e) || clang_getCursorKind(e = as_strip(e)) != CXCursor_DeclRefExpr)
		return clang_getNullCursor();
	d = clang_getCursorReferenced(e);
	if (clang_getCursorKind(d) != CXCursor_VarDecl ||
	    clang_getCanonicalType(clang_getCursorType(d)).kind != CXType_ConstantArray)
		return clang_getNullCursor();
	return d;
}

static void say(struct scan *s, const char *fmt, const char *what, CXCursor at)
{
	if (!s->why)
		s->why = as_fix_say(s->fn, fmt, what, line_of(s->fn, at));
}

static void scan(struct scan *s, CXCursor c);

/* True if e is the allocation, or an assignment chain ending in it. */
static int holds_alloc(struct scan *s, CXCursor e)
{
	CXCursor kid[2];

	e = as_strip(e);
	if (as_cfg_same(e, s->alloc->cur) || as_cfg_same(e, as_strip(s->alloc->cur)))
		return 1;
	return clang_getCursorKind(e) == CXCursor_BinaryOperator && !strcmp(as_binop(s->fn->tu, e), "=") &&
	       as_children(e, kid, 2) == 2 && holds_alloc(s, kid[1]);
}

static enum CXChildVisitResult scan_kid(CXCursor c, CXCursor parent, void *ctx)
{
	(void)parent;
	scan(ctx, c);
	return ((struct scan *)ctx)->why ? CXChildVisit_Break : CXChildVisit_Continue;
}

static void store(struct scan *s, CXCursor lhs, CXCursor at)
{
	CXCursor v = stored_var(lhs);
	unsigned line;

	if (s->at_alloc && names_dst(s->fn, lhs, s->dst))
		return;
	if (!clang_Cursor_isNull(v) && watched(s, v)) {
		say(s, "'%s' changes between the allocation and the copy (line %u)", spelling(s->fn, v), at);
		return;
	}
	/* A variable's own storage is no part of another array variable (the
	 * source's own is watched, above), unless an asm label or an alias
	 * attribute makes one name the other's symbol. */
	if (clang_Cursor_isNull(v) ||
	    !(private_local(s->fn, v) ||
	      (!clang_Cursor_isNull(s->src_array) && !as_asm_label(v, NULL, &line) && !as_decl_aliases(v) &&
	       !as_asm_label(s->src_array, NULL, &line) && !as_decl_aliases(s->src_array))))
		say(s, "a store to '%s' between the allocation and the copy (line %u) may write the source or the size",
		    as_fn_text(s->fn, lhs), at);
}

static void scan(struct scan *s, CXCursor c)
{
	enum CXCursorKind k = clang_getCursorKind(c);
	CXCursor kid[2];

	if (s->why || (!clang_Cursor_isNull(s->skip) && as_cfg_same(c, s->skip)))
		return;
	/* A macro that stores the block in its argument (emalloc(var, ...))
	 * is the allocation whole: its store is the allocation's own. */
	if (s->at_alloc && s->alloc->rule->assigns && as_cfg_same(as_strip(c), as_strip(s->alloc->cur)) &&
	    clang_getCursorKind(as_strip(c)) == CXCursor_BinaryOperator &&
	    !strcmp(as_binop(s->fn->tu, as_strip(c)), "=") && as_children(as_strip(c), kid, 2) == 2) {
		scan(s, kid[1]);
		return;
	}
	if (k == CXCursor_CallExpr) {
		const char *name = as_tu_callee(s->fn->tu, c);
		const struct as_rule *r = as_tu_function(s->fn->tu, name, strlen(name));
		int own = as_call_direct(c);
		/* Read-only calls, fresh allocations and checked size products
		 * (which fail the same way at the allocation as at the copy). */
		const char *not_read = own && r && r->role == AS_ROLE_READ ? as_call_not_read_only(s->fn->tu, c, r) : NULL;
		int ok = own && r &&
			 ((r->role == AS_ROLE_READ && !not_read) || r->role == AS_ROLE_SIZE_MUL ||
			  (r->role == AS_ROLE_ALLOC && !r->summary));
		/* The copy itself, or the call its pack macro expands to. */
		ok |= own && r && r->role == AS_ROLE_COPY && s->copy && !clang_Cursor_isNull(s->skip);
		if (!ok && not_read) {
			/* Read-only but for this call: say why. */
			if (!s->why)
				s->why = as_fix_say(s->fn,
						    "a call to %s() between the allocation and the copy (line %u) may write the "
						    "source: %s",
						    name, line_of(s->fn, c), not_read);
			return;
		}
		if (!ok) {
			say(s, own ? "a call to %s() between the allocation and the copy (line %u) may write the source" : "a call through a pointer%s between the allocation and the copy (line %u) may write "
															   "the source",
			    own ? name : "", c);
			return;
		}
	} else if ((k == CXCursor_BinaryOperator || k == CXCursor_CompoundAssignOperator) && as_children(c, kid, 2) == 2) {
		const char *op = as_binop(s->fn->tu, c);
		if (!*op) {
			say(s, "an operator the analysis cannot read%s (line %u)", "", c);
			return;
		}
		if (as_op_assigns(op)) {
			/* At the allocation, its result may be stored (p = q = malloc(n)):
			 * the source then must not be read through those places. */
			if (s->at_alloc && holds_alloc(s, kid[1])) {
				scan(s, kid[1]);
				return;
			}
			store(s, kid[0], c);
			if (s->why)
				return;
		}
	} else if (k == CXCursor_UnaryOperator && as_children(c, kid, 1) == 1) {
		int post;
		const char *op = as_unop_typed(s->fn->tu, c, &post);
		if (!*op) {
			say(s, "an operator the analysis cannot read%s (line %u)", "", c);
			return;
		}
		if (!strcmp(op, "++") || !strcmp(op, "--"))
			store(s, kid[0], c);
	} else if (k == CXCursor_DeclRefExpr || k == CXCursor_MemberRefExpr) {
		const char *key = key_of(s->fn, c);
		if (*key && as_key_covers(s->dst, key)) {
			say(s, "the new buffer '%s' is used before the copy (line %u)", s->dst, c);
			return;
		}
	} else if (as_unevaluated(c)) {
		return;
	} else if (k == CXCursor_VarDecl) {
		if (watched(s, c) && !defined_here(s, c) && !(s->at_alloc && !strcmp(spelling(s->fn, c), s->dst))) {
			say(s, "'%s' is declared again between the allocation and the copy (line %u)", spelling(s->fn, c), c);
			return;
		}
	} else if (k == CXCursor_AsmStmt || k == CXCursor_MSAsmStmt || k == CXCursor_UnexposedStmt) {
		say(s, "a statement the analysis cannot read%s lies between the allocation and the copy (line %u)", "", c);
		return;
	} else if (k == CXCursor_UnexposedExpr && as_children(c, kid, 2) > 1) {
		/* No conversion: an operation libclang does not expose, such as
		 * __atomic_store_n(&src[0], v, o), which stores through its
		 * pointer with no operator and no call. */
		say(s, "an operation the analysis cannot read%s (an atomic builtin) between the allocation and the copy "
		       "(line %u) may write the source",
		    "", c);
		return;
	}
	clang_visitChildren(c, scan_kid, s);
}

static void watch(struct scan *s, CXCursor e);

/* A watched local whose declaration with its initialiser runs between the
 * pair (`size_t size = x * y;` before `memcpy(p, src, size)`) is defined
 * there, once (control does not come back into the region): its value at
 * the copy is its initialiser's, whose names are watched in turn. */
static void watch_region_defs(struct scan *s, struct as_cfg *g, const unsigned char *in, int na, int nc)
{
	int more = 1;

	s->defs = as_arena_alloc(&s->fn->tu->arena, ((size_t)g->nnodes + 1) * sizeof *s->defs);
	while (more) {
		more = 0;
		for (int v = 0; v < g->nnodes; v++) {
			CXCursor c = g->node[v].cur, kid[3];
			int n;
			if (!in[v] || v == na || v == nc || clang_Cursor_isNull(c))
				continue;
			if (clang_getCursorKind(c) == CXCursor_DeclStmt && as_children(c, kid, 2) == 1)
				c = kid[0];
			if (clang_getCursorKind(c) != CXCursor_VarDecl || !watched(s, c) || defined_here(s, c) ||
			    clang_Cursor_getStorageClass(c) == CX_SC_Static)
				continue;
			n = as_children(c, kid, 3);
			if (n < 1 || !clang_isExpression(clang_getCursorKind(kid[n - 1])))
				continue;
			s->defs[s->ndefs++] = as_cfg_decl_off(c);
			watch(s, kid[n - 1]);
			more = 1;
		}
	}
}

static enum CXChildVisitResult collect_names(CXCursor c, CXCursor parent, void *ctx)
{
	struct scan *s = ctx;

	(void)parent;
	if (clang_getCursorKind(c) == CXCursor_DeclRefExpr) {
		CXCursor d = clang_getCursorReferenced(c);
		if (clang_getCursorKind(d) == CXCursor_VarDecl || clang_getCursorKind(d) == CXCursor_ParmDecl) {
			struct name *w = as_arena_alloc(&s->fn->tu->arena, ((size_t)s->nwatch + 1) * sizeof *w);
			if (s->nwatch)
				memcpy(w, s->watch, (size_t)s->nwatch * sizeof *w);
			w[s->nwatch].name = spelling(s->fn, d);
			w[s->nwatch].off = var_off(d);
			s->watch = w;
			s->nwatch++;
		}
	}
	return CXChildVisit_Recurse;
}

static void watch(struct scan *s, CXCursor e)
{
	if (clang_Cursor_isNull(e))
		return;
	collect_names(e, clang_getNullCursor(), s);
	clang_visitChildren(e, collect_names, s);
}

struct hygiene {
	struct as_fn *fn;
	struct as_cfg *g;
	unsigned at;
	const char *place;
	const char *why;
};

/* Every name of the moved text resolves at its new place as it did where
 * it was written: declared before that place in a scope around it, and no
 * other declaration of the name nearer to it. */
static enum CXChildVisitResult check_name(CXCursor c, CXCursor parent, void *ctx)
{
	struct hygiene *h = ctx;
	CXCursor d;
	const char *n;
	unsigned doff;
	int local = 0;

	(void)parent;
	if (clang_getCursorKind(c) != CXCursor_DeclRefExpr)
		return CXChildVisit_Recurse;
	d = clang_getCursorReferenced(c);
	n = spelling(h->fn, d);
	doff = as_cfg_decl_off(d);
	for (int i = 0; i < h->g->ndecls; i++) {
		const struct as_decl *x = &h->g->decl[i];
		if (strcmp(x->name, n))
			continue;
		if (x->off == doff) {
			local = 1;
			if (doff >= h->at || h->at < x->scope_begin || h->at >= x->scope_end) {
				h->why = as_fix_say(h->fn, "'%s' is not declared yet where %s is", n, h->place);
				return CXChildVisit_Break;
			}
		}
	}
	for (int i = 0; i < h->g->ndecls; i++) {
		const struct as_decl *x = &h->g->decl[i];
		if (strcmp(x->name, n) || x->off == doff || x->off >= h->at || h->at < x->scope_begin ||
		    h->at >= x->scope_end)
			continue;
		if (!local || x->off > doff) {
			h->why = as_fix_say(h->fn, "'%s' names another declaration (line %u) where %s is", n,
					    line_of(h->fn, x->cur), h->place);
			return CXChildVisit_Break;
		}
	}
	return CXChildVisit_Recurse;
}

const char *as_proof_hygiene(struct as_fn *fn, unsigned at, CXCursor e, const char *place)
{
	struct hygiene h = { fn, as_fn_cfg(fn), at, place, NULL };

	if (clang_Cursor_isNull(e))
		return NULL;
	if (check_name(e, clang_getNullCursor(), &h) == CXChildVisit_Recurse)
		clang_visitChildren(e, check_name, &h);
	return h.why;
}

static int in_macro_args(CXCursor c)
{
	CXSourceLocation l = clang_getRangeStart(clang_getCursorExtent(c));
	CXFile f;
	unsigned a = 0, b = 0;

	as_loc_file(l, &f, &a);
	as_loc_expansion(l, &f, &b);
	return a != b;
}

/* What a directive between the pair means for the rewrite, which writes
 * the copy at the allocation: NULL when it changes nothing the moved code
 * reads. */
static const char *directive_means(enum as_dir_kind k)
{
	switch (k) {
	case AS_DIR_IF:
	case AS_DIR_ELSE:
	case AS_DIR_ENDIF:
		return "another configuration may build other code there";
	case AS_DIR_DEFINE:
	case AS_DIR_UNDEF:
		return "it defines or undefines a macro, so the copy's code may expand otherwise at the allocation";
	case AS_DIR_INCLUDE:
		return "the included file may declare, define or run anything there";
	case AS_DIR_PRAGMA:
		return "a pragma may change how the code after it is compiled (or a macro's definition)";
	default:
		return "the analysis does not know what it does";
	}
}

/* A #line between the two calls (not inside either, whose text the
 * rewrite edits) only renames the lines that follow: the sizes' and the
 * source's values do not depend on it (a __LINE__ in them is a macro's
 * expansion, refused by size_from_macro). A diagnostic pragma there only
 * changes warnings, as the _Pragma operator, which is no directive. */
static const char *directive_between(struct as_fn *fn, const struct as_call *alloc, const struct as_call *copy)
{
	size_t n;
	const struct as_directive *d = as_directives(fn->tu, fn->file, &n);

	for (size_t i = 0; i < n; i++) {
		if (d[i].begin < alloc->begin || d[i].begin >= copy->end)
			continue;
		if ((d[i].kind == AS_DIR_LINE || d[i].kind == AS_DIR_DIAGNOSTIC) && d[i].begin >= alloc->end &&
		    d[i].begin < copy->begin)
			continue;
		return as_fix_say(fn, "a preprocessor directive (line %u) lies between the allocation and the copy: %s",
				  d[i].line, directive_means(d[i].kind));
	}
	return NULL;
}

static int macro_expr(CXCursor c, void *tu)
{
	return clang_isExpression(clang_getCursorKind(c)) && !as_cursor_user_written(tu, c);
}

/* True if some expression of c comes from a macro's body. */
static int macro_made(struct as_fn *fn, CXCursor c)
{
	return as_subtree_any(c, macro_expr, fn->tu);
}

/* True if some of the call's size arguments come from a macro's body: the
 * value may differ in another configuration. */
static int size_from_macro(struct as_fn *fn, const struct as_call *c)
{
	const struct as_rule *r = c->rule;
	int idx[4] = { r->size, r->count, r->type, r->size_is_strlen1 ? r->src : AS_NO_ARG };
	for (int i = 0; i < 4; i++) {
		CXCursor a = as_call_role(c, idx[i]);
		if (!clang_Cursor_isNull(a) && macro_made(fn, a))
			return 1;
	}
	return 0;
}

/* True if the file's token where literal c is is no literal: a macro's
 * name, which the preprocessor replaced. */
static int macro_literal(struct as_tu *t, CXCursor c)
{
	CXToken *tok = NULL;
	CXSourceLocation l;
	CXFile f;
	unsigned n = 0, off;
	int made;

	if (as_loc_file(clang_getCursorLocation(c), &f, &off))
		return 0;
	l = clang_getLocationForOffset(t->tu, f, off);
	clang_tokenize(t->tu, clang_getRange(l, l), &tok, &n);
	made = n && clang_getTokenKind(tok[0]) == CXToken_Identifier;
	if (tok)
		clang_disposeTokens(t->tu, tok, n);
	return made;
}

/* A literal a macro made whose value is where it was expanded: its
 * presumed line (__LINE__) or file name (__FILE__, changed by #line). The
 * copy's arguments written again at the allocation would expand to
 * another value. A string literal evaluates once decayed (c is then the
 * conversion). */
static int place_valued(CXCursor c, void *tu)
{
	CXCursor lit = as_strip(c);
	enum CXCursorKind k = clang_getCursorKind(lit);
	CXString file;
	unsigned line, col;
	CXEvalResult r;
	int at = 0;

	/* __builtin_LINE(), __builtin_COLUMN(), __builtin_FILE(): no macro,
	 * but their value is where they are written too; libclang exposes them
	 * as nothing but an expression with no operands. */
	if (k == CXCursor_UnexposedExpr && clang_equalCursors(lit, c) && as_children(c, NULL, 0) == 0)
		return 1;
	if (!(k == CXCursor_IntegerLiteral && clang_equalCursors(lit, c)) &&
	    !(k == CXCursor_StringLiteral && !clang_equalCursors(lit, c)))
		return 0;
	if (!macro_literal(tu, lit) || !(r = clang_Cursor_Evaluate(c)))
		return 0;
	clang_getPresumedLocation(clang_getCursorLocation(lit), &file, &line, &col);
	if (clang_EvalResult_getKind(r) == CXEval_Int)
		at = clang_EvalResult_getAsLongLong(r) == (long long)line;
	else if (clang_EvalResult_getKind(r) == CXEval_StrLiteral)
		at = !strcmp(clang_EvalResult_getAsStr(r), clang_getCString(file));
	clang_EvalResult_dispose(r);
	clang_disposeString(file);
	return at;
}

static int same_text(const char *a, const char *b)
{
	for (;;) {
		while (*a == ' ' || *a == '\t' || *a == '\n')
			a++;
		while (*b == ' ' || *b == '\t' || *b == '\n')
			b++;
		if (*a != *b)
			return 0;
		if (!*a)
			return 1;
		a++, b++;
	}
}

const char *as_proof_memdup(struct as_fn *fn, const struct as_call *alloc, const struct as_call *copy,
			    CXCursor dst, CXCursor src, CXCursor size, int size_moved)
{
	struct as_cfg *g = as_fn_cfg(fn);
	struct as_arena *ar = &fn->tu->arena;
	struct region r = { fn, g, key_of(fn, dst), -1, -1, NULL, 0, NULL, NULL, NULL };
	struct scan s = { fn, r.dst, NULL, 0, alloc, copy, clang_getNullCursor(), array_var(src), NULL, 0, 0, NULL };
	unsigned char *stop, *from_entry, *fwd, *back, *after;
	int na, nc;
	const char *why;

	if (g->unsupported)
		return g->unsupported;
	if (!*r.dst)
		return "the destination is no variable or field the analysis can follow";
	na = as_cfg_node_of(g, alloc->cur);
	nc = as_cfg_node_of(g, copy->cur);
	if (na < 0 || nc < 0)
		return "the analysis does not see where the allocation or the copy runs";
	if (na == nc)
		return "the allocation and the copy are one expression";
	if (copy->begin < alloc->end)
		return "the copy is written before the allocation";
	if (in_macro_args(alloc->cur) || in_macro_args(copy->cur))
		return "the allocation or the copy is written inside a macro's arguments";
	if ((why = directive_between(fn, alloc, copy)))
		return why;
	r.alloc_node = na;
	/* Sizes equal only once macros are expanded hold in this configuration
	 * alone (a -D flag may give the allocation another size). */
	if (!same_text(as_call_size_text(fn, alloc), as_call_size_text(fn, copy)) &&
	    (size_from_macro(fn, alloc) || size_from_macro(fn, copy)))
		return "the allocation's and the copy's sizes are equal only after macro expansion: another configuration "
		       "may make them differ";
	if (as_subtree_any(copy->cur, place_valued, fn->tu))
		return "the copy's arguments expand a macro or builtin whose value is where it is written (__LINE__, "
		       "__FILE__, __builtin_LINE()): written at the allocation, it would give another value";
	for (int i = 0; i < g->nvalued; i++)
		if (as_cfg_same(as_strip(g->valued[i]), as_strip(copy->cur)))
			return "the copy's value is the value of a statement expression";

	/* No path reaches the copy, or any step between, but through the
	 * allocation. */
	stop = as_arena_alloc(ar, (size_t)g->nnodes + 1);
	stop[na] = 1;
	from_entry = as_cfg_forward(g, ar, g->entry, stop, NULL, NULL);
	if (from_entry[nc])
		return "the copy can be reached without the allocation";
	/* Every path from the allocation that does not fail reaches the copy,
	 * without the allocation again. */
	r.copy_node = nc;
	r.only_alloc = as_arena_alloc(ar, (size_t)g->nnodes + 1);
	r.only_alloc[na] = 1;
	r.rejoins = as_arena_alloc(ar, (size_t)g->nnodes + 1);
	r.uses = as_arena_alloc(ar, (size_t)g->nnodes + 2);
	stop[na] = 0, stop[nc] = 1;
	fwd = as_cfg_forward(g, ar, na, stop, failure_edge, &r);
	if (fwd[na])
		return "the allocation can run again before the copy (a loop or a goto)";
	if (find_fresh(&r, fwd, stop))
		fwd = as_cfg_forward(g, ar, na, stop, failure_edge, &r);
	stop[nc] = 0, stop[na] = 1;
	/* Nor does a path from the copy come back to it, or into the region,
	 * without the allocation: the removed copy would be missed there. */
	after = as_cfg_forward(g, ar, nc, stop, NULL, NULL);
	if (after[nc])
		return "the copy can run again without the allocation (a loop or a goto)";
	back = as_cfg_backward(g, ar, nc, stop);
	for (int v = 0; v < g->nnodes; v++)
		if (fwd[v] && back[v] && after[v] && v != na)
			return as_fix_say(fn, "control comes back between the allocation and the copy (line %u)",
					  clang_Cursor_isNull(g->node[v].cur) ? line_of(fn, copy->cur)
									      : line_of(fn, g->node[v].cur));
	for (int v = 0; v < g->nnodes; v++) {
		if (!fwd[v] || v == nc)
			continue;
		if (!back[v]) {
			if (v == g->exit)
				return "a path from the allocation leaves the function without the copy";
			if (!clang_Cursor_isNull(g->node[v].cur))
				return as_fix_say(fn, "a path from the allocation goes on without the copy (line %u)",
						  line_of(fn, g->node[v].cur));
			return "a path from the allocation goes on without the copy";
		}
		if (from_entry[v] && !clang_Cursor_isNull(g->node[v].cur))
			return as_fix_say(fn, "control can enter between the allocation and the copy (line %u)",
					  line_of(fn, g->node[v].cur));
		if (from_entry[v])
			return "control can enter between the allocation and the copy (a label or a loop)";
	}
	if ((why = as_proof_threads(fn, fwd, na, nc, alloc, copy, src, size)))
		return why;
	/* What runs between them: reads, fresh allocations, private locals. */
	watch(&s, dst);
	watch(&s, src);
	watch(&s, size);
	watch_region_defs(&s, g, fwd, na, nc);
	for (int v = 0; v < g->nnodes && !s.why; v++) {
		int null_if_true;
		if (!fwd[v] || v == nc || clang_Cursor_isNull(g->node[v].cur))
			continue;
		if (g->node[v].nsucc == 2 && null_test(fn, g->node[v].cur, r.dst, 0, &null_if_true))
			continue;
		/* A macro's body may be defined otherwise in another configuration
		 * (a -D flag, another header): what it does here proves nothing. */
		if (v != na && macro_made(fn, g->node[v].cur))
			return as_fix_say(fn, "a macro (line %u) expands between the allocation and the copy: another "
					      "configuration may define it to write the source",
					  line_of(fn, g->node[v].cur));
		/* A node that evaluates only its own operation is scanned whole
		 * too: its operands are nodes of the region as well, and a
		 * declaration whose initialiser splits control is one of these. */
		scan(&s, g->node[v].cur);
	}
	if (s.why)
		return s.why;
	/* The allocation's node: dst's store, the allocation and its size. */
	s.at_alloc = 1;
	scan(&s, g->node[na].cur);
	s.at_alloc = 0;
	if (s.why)
		return s.why;
	/* The copy's node: its source and size, not its destination. */
	s.skip = dst;
	scan(&s, g->node[nc].cur);
	if (s.why)
		return s.why;
	if ((why = as_proof_hygiene(fn, alloc->begin, src, "the allocation")) ||
	    (size_moved && (why = as_proof_hygiene(fn, alloc->begin, size, "the allocation"))))
		return why;
	return NULL;
}

const unsigned char *as_proof_live(struct as_fn *fn, const struct as_call *copy, const char *dst)
{
	struct as_cfg *g = as_fn_cfg(fn);
	unsigned char *stop;
	int nc = as_cfg_node_of(g, copy->cur);

	if (g->unsupported || nc < 0)
		return NULL;
	stop = as_arena_alloc(&fn->tu->arena, (size_t)g->nnodes + 1);
	/* A new value of dst ends what the share is seen from. */
	for (int v = 0; v < g->nnodes; v++) {
		CXCursor c = g->node[v].cur;
		if (clang_Cursor_isNull(c))
			continue;
		if (is_assign_to(fn, c, dst) ||
		    (clang_getCursorKind(c) == CXCursor_VarDecl && !strcmp(spelling(fn, c), dst)))
			stop[v] = 1;
	}
	{
		unsigned char *live = as_cfg_forward(g, &fn->tu->arena, nc, stop, NULL, NULL);
		/* A node giving dst its new value still evaluates the rest of
		 * itself while the share lives: marked 2. */
		for (int v = 0; v < g->nnodes; v++)
			if (live[v] && stop[v])
				live[v] = 2;
		return live;
	}
}

int as_proof_event_in(struct as_fn *fn, const unsigned char *set, const struct as_call *copy, const char *dst, int e)
{
	struct as_cfg *g = as_fn_cfg(fn);
	int v = as_cfg_node_of(g, fn->ev[e].cur);

	if (v < 0)
		return 1; /* not placed: counted, to be safe */
	if (v == as_cfg_node_of(g, copy->cur))
		return fn->ev[e].seq > copy->seq_end;
	if (set[v] == 2 && fn->ev[e].kind == AS_EV_ASSIGN && fn->ev[e].key && !strcmp(fn->ev[e].key, dst))
		return 0;
	return set[v] != 0;
}

#define AS_SHARE_DEPTH 64

struct share_scan {
	struct as_fn *fn;
	const char *dst;
	const char *why;
	CXCursor up[AS_SHARE_DEPTH]; /* ancestors of the cursor being looked at */
	int nup;
};

static int transparent(CXCursor c)
{
	enum CXCursorKind k = clang_getCursorKind(c);
	CXCursor kid[2];

	/* An unexposed expression of one operand is a conversion; one of more
	 * is an operation libclang does not expose (__atomic_store_n(p, v, o),
	 * an AtomicExpr, writes through p). */
	return (k == CXCursor_UnexposedExpr && as_children(c, kid, 2) == 1) || k == CXCursor_ParenExpr ||
	       k == CXCursor_CStyleCastExpr;
}

/* S4: the copy handed, as argument arg, to a variadic call that may print
 * its address (printf's %p): a shared copy of read-only bytes is the
 * source itself. Other calls are the events' to judge. */
static const char *printed_address(struct share_scan *s, CXCursor call, CXCursor arg, CXCursor at)
{
	int n = clang_Cursor_getNumArguments(call);

	for (int j = 0; j < n; j++)
		if (clang_equalCursors(clang_Cursor_getArgument(call, (unsigned)j), arg) &&
		    as_call_arg_shows_address(call, (unsigned)j))
			return as_fix_say(s->fn, "the copy's address is printed (line %u: a pointer, or a string under "
						 "%%p, handed to a variadic call): a shared copy has the source's address",
					  line_of(s->fn, at));
	return NULL;
}

/* A cast of the copy's address, at s->up[from...], to an integer type
 * ((uintptr_t)c printed with %lx, stored, hashed): the number is where the
 * copy lies. A cast to _Bool only tests it against NULL. */
static int made_number(struct share_scan *s, int from)
{
	for (int j = from < 0 ? 0 : from; j < s->nup; j++) {
		enum CXTypeKind to = clang_getCanonicalType(clang_getCursorType(s->up[j])).kind;

		if (clang_getCursorKind(s->up[j]) == CXCursor_CStyleCastExpr && to > CXType_Bool && to <= CXType_Int128)
			return 1;
	}
	return 0;
}

/* c + i, c - i: pointer arithmetic whose result is still a pointer. */
static int pointer_step(struct share_scan *s, CXCursor e)
{
	const char *op;

	if (clang_getCursorKind(e) != CXCursor_BinaryOperator ||
	    clang_getCanonicalType(clang_getCursorType(e)).kind != CXType_Pointer)
		return 0;
	op = as_binop(s->fn->tu, e);
	return !strcmp(op, "+") || !strcmp(op, "-");
}

/* Why an occurrence of the shared copy, with ancestors s->up, may observe
 * its address or let it be written unseen, or NULL. Reads through it,
 * NULL tests, the packs' read-only calls and its release pass; stores,
 * returns and other calls are the events' to judge (as_fix.c). */
static const char *share_context(struct share_scan *s, CXCursor at)
{
	int i = s->nup;
	CXCursor a, kid[2];
	enum CXCursorKind k;

	/* c + 1 is still an address in the copy: its context is what says
	 * whether the address is looked at (c + 1 == text + 1, a %p). */
	do
		while (--i >= 0 && transparent(s->up[i]))
			;
	while (i >= 0 && pointer_step(s, s->up[i]));
	if (made_number(s, i + 1))
		return as_fix_say(s->fn, "the copy's address is converted to a number (line %u): a shared copy has the "
					 "source's address",
				  line_of(s->fn, at));
	if (i < 0)
		return NULL;
	a = s->up[i];
	k = clang_getCursorKind(a);
	switch (k) {
	case CXCursor_CallExpr:
		return printed_address(s, a, i + 1 < s->nup ? s->up[i + 1] : at, at);
	case CXCursor_ArraySubscriptExpr:
	case CXCursor_MemberRefExpr:
	case CXCursor_ReturnStmt:
	case CXCursor_VarDecl:
	case CXCursor_IfStmt:
	case CXCursor_WhileStmt:
	case CXCursor_DoStmt:
	case CXCursor_ForStmt:
		return NULL;
	case CXCursor_UnaryOperator: {
		int post;
		const char *op = as_unop_typed(s->fn->tu, a, &post);
		return !strcmp(op, "*") || !strcmp(op, "!") || !strcmp(op, "&") ? NULL : "";
	}
	case CXCursor_BinaryOperator: {
		const char *op = as_binop(s->fn->tu, a);
		if (as_children(a, kid, 2) != 2)
			return "";
		if (!strcmp(op, "=") || !strcmp(op, "&&") || !strcmp(op, "||"))
			return NULL;
		if ((!strcmp(op, "==") || !strcmp(op, "!=")) && (as_null_constant(kid[0]) || as_null_constant(kid[1])))
			return NULL;
		if (!strcmp(op, "+") || !strcmp(op, "-")) {
			/* An index or a distance (c[i] - 'a', p - c): no address kept. */
			return NULL;
		}
		return as_fix_say(s->fn, "the copy's address is compared or computed with (line %u): a shared copy has the "
					 "source's address",
				  line_of(s->fn, at));
	}
	default:
		return as_fix_say(s->fn, "the copy is used where the analysis cannot follow it (line %u)", line_of(s->fn, at));
	}
}

static enum CXChildVisitResult share_kid(CXCursor c, CXCursor parent, void *ctx)
{
	struct share_scan *s = ctx;
	const char *why;

	(void)parent;
	if (as_unevaluated(c))
		return CXChildVisit_Continue;
	if (clang_getCursorKind(c) == CXCursor_DeclRefExpr && names_dst(s->fn, c, s->dst) &&
	    (why = share_context(s, c))) {
		s->why = *why ? why
			      : as_fix_say(s->fn, "the copy is used where the analysis cannot follow it (line %u)",
					   line_of(s->fn, c));
		return CXChildVisit_Break;
	}
	if (s->nup == AS_SHARE_DEPTH) {
		s->why = "an expression nests too deep for the analysis";
		return CXChildVisit_Break;
	}
	s->up[s->nup++] = c;
	clang_visitChildren(c, share_kid, s);
	s->nup--;
	return s->why ? CXChildVisit_Break : CXChildVisit_Continue;
}

const char *as_proof_share_uses(struct as_fn *fn, const unsigned char *set, const char *dst)
{
	struct as_cfg *g = as_fn_cfg(fn);
	struct share_scan s = { .fn = fn, .dst = dst };

	for (int v = 0; v < g->nnodes && !s.why; v++) {
		CXCursor c = g->node[v].cur;
		if (!set[v] || clang_Cursor_isNull(c))
			continue;
		/* A node that evaluates only its own operation still names its
		 * operands: their parents are seen from here. */
		s.nup = 0;
		share_kid(c, clang_getNullCursor(), &s);
	}
	return s.why;
}
