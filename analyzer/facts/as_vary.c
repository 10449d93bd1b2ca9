/* as_vary.c - whether the bytes an expression names may differ from one
 * pass of a loop to the next: a scratch buffer written anew on each pass
 * (sprintf(buf, ...), memcpy into it, buf[k] = c), or an expression that
 * reads a variable the loop moves (argv[i], p->name with p = p->next), or
 * asks a function (readdir(d)->d_name). A copy made on each pass is then
 * one copy per value, not the same copy repeated. */
#include "as_facts.h"

#include <limits.h>
#include <string.h>

/* The argument passes a pointer through which the callee may write: a
 * pointer (or a decayed array) to a non-const pointee. */
static int writable_pointer(CXCursor arg)
{
	CXType t = clang_getCanonicalType(clang_getCursorType(arg));

	return t.kind == CXType_Pointer && !clang_isConstQualifiedType(clang_getPointeeType(t));
}

/* Whether argument k of c may be written by the call. A pack's entry says
 * which argument it writes (a copy's dst; a realloc's, free's or grow's
 * ptr). Another call may write through a writable pointer it declares as
 * a parameter; a variadic argument is taken as read (the printf-like
 * loggers outnumber scanf). */
static int may_write_arg(const struct as_call *c, int k)
{
	CXType ft;
	int nparams;

	if (c->rule) {
		switch (c->rule->role) {
		case AS_ROLE_COPY:
			return k == c->rule->dst;
		case AS_ROLE_REALLOC:
		case AS_ROLE_FREE:
		case AS_ROLE_GROW:
			return k == c->rule->ptr;
		default:
			return 0;
		}
	}
	ft = clang_getCanonicalType(clang_getCursorType(clang_getCursorReferenced(c->cur)));
	nparams = clang_getNumArgTypes(ft);
	if (nparams >= 0 && k >= nparams)
		return 0;
	return writable_pointer(c->arg[k]);
}

/* The argument is &p for the pointer p, as a pointer to a pointer to
 * non-const bytes (getsubopt(&p, ...)): the callee may write what p
 * points to as well as p. NULL cursor otherwise. */
static CXCursor address_of_writable(struct as_fn *fn, CXCursor arg)
{
	CXType t = clang_getCanonicalType(clang_getCursorType(arg)), pt;
	CXCursor kid[1];
	int post;

	arg = as_strip(arg);
	if (t.kind != CXType_Pointer || clang_getCursorKind(arg) != CXCursor_UnaryOperator ||
	    strcmp(as_unop_typed(fn->tu, arg, &post), "&") || as_children(arg, kid, 1) != 1)
		return clang_getNullCursor();
	pt = clang_getCanonicalType(clang_getPointeeType(t));
	if (pt.kind != CXType_Pointer || clang_isConstQualifiedType(clang_getPointeeType(pt)))
		return clang_getNullCursor();
	return kid[0];
}

/* A call of the loop that is handed the buffer key names in an argument
 * it may write, or the address of the pointer that holds it. */
static int call_fills(struct as_fn *fn, const struct as_call *c, const char *key)
{
	for (int k = 0; k < c->nargs; k++) {
		struct as_key *ak;
		CXCursor inner;

		if (clang_Cursor_isNull(c->arg[k]) || !may_write_arg(c, k))
			continue;
		ak = as_fn_lvalue_key(fn, as_strip(c->arg[k]));
		if (!ak->unknown && !strcmp(as_key_str(fn->tu, ak), key))
			return 1;
		inner = address_of_writable(fn, c->arg[k]);
		if (!clang_Cursor_isNull(inner) && !c->rule &&
		    !strcmp(as_key_str(fn->tu, as_fn_lvalue_key(fn, as_strip(inner))), key))
			return 1;
	}
	return 0;
}

/* An assignment to an element of the buffer: "buf[i]" for key "buf". */
static int element_write(const char *ev_key, const char *key)
{
	size_t n = strlen(key);

	return !strncmp(ev_key, key, n) && ev_key[n] == '[';
}

int as_loop_fills(struct as_fn *fn, int loop, const char *key, int from, int to)
{
	for (int i = 0; i < fn->nev; i++) {
		const struct as_event *ev = &fn->ev[i];

		if (ev->seq < from || ev->seq > to || !as_region_within(fn, ev->region, loop))
			continue;
		if (ev->kind == AS_EV_CALL && call_fills(fn, ev->call, key))
			return 1;
		if ((ev->kind == AS_EV_ASSIGN || ev->kind == AS_EV_INCDEC) && ev->key && element_write(ev->key, key))
			return 1;
	}
	return 0;
}

static int loop_refills(struct as_fn *fn, int loop, CXCursor e, int skip_from, int skip_to)
{
	struct as_key *k = as_fn_lvalue_key(fn, as_strip(e));
	const char *key;

	if (loop < 0 || k->unknown || k->op)
		return 0;
	key = as_key_str(fn->tu, k);
	return as_loop_fills(fn, loop, key, INT_MIN, skip_from - 1) || as_loop_fills(fn, loop, key, skip_to + 1, INT_MAX);
}

struct vary {
	struct as_fn *fn;
	int loop;
};

static int is_call(CXCursor c, void *ctx)
{
	(void)ctx;
	return clang_getCursorKind(c) == CXCursor_CallExpr;
}

/* e computes a pointer from variable name (buf, buf + k, &buf[k]): a
 * call's result is another object. */
static int made_from(CXCursor e, const char *name)
{
	return !clang_Cursor_isNull(e) && as_subtree_any(e, as_names_var, (void *)name) &&
	       !as_subtree_any(e, is_call, NULL);
}

/* The pointer a write goes through: the base of *p, p[i] or p->m. */
static CXCursor written_base(struct as_tu *tu, CXCursor lhs)
{
	CXCursor kid[2];
	int post;

	lhs = as_strip(lhs);
	switch (clang_getCursorKind(lhs)) {
	case CXCursor_UnaryOperator:
		if (!strcmp(as_unop_typed(tu, lhs, &post), "*") && as_children(lhs, kid, 1) == 1)
			return kid[0];
		break;
	case CXCursor_ArraySubscriptExpr:
		if (as_children(lhs, kid, 2) == 2)
			return kid[0];
		break;
	default:
		break;
	}
	return clang_getNullCursor();
}

/* The loop writes through variable name, or through a local that holds
 * a pointer made from it anywhere in the function (q = buf; *q++ = c):
 * the bytes it points to change. */
static int loop_writes_through(const struct vary *v, const char *name, int from, int to)
{
	const char *alias[8];
	int nalias = 0;

	alias[nalias++] = name;
	for (int i = 0; i < v->fn->nlocals && nalias < 8; i++) {
		const struct as_local *l = &v->fn->locals[i];

		if (strcmp(l->name, name) && made_from(l->init, name))
			alias[nalias++] = l->name;
	}
	for (int i = 0; i < v->fn->nev && nalias < 8; i++) {
		const struct as_event *ev = &v->fn->ev[i];

		if (ev->kind == AS_EV_ASSIGN && ev->key && as_fn_local(v->fn, ev->key) && strcmp(ev->key, name) &&
		    made_from(ev->rhs, name))
			alias[nalias++] = ev->key;
	}
	for (int a = 0; a < nalias; a++) {
		if (as_loop_fills(v->fn, v->loop, alias[a], from, to))
			return 1;
		for (int i = 0; i < v->fn->nev; i++) {
			const struct as_event *ev = &v->fn->ev[i];
			CXCursor kid[2], base;

			if ((ev->kind != AS_EV_ASSIGN && ev->kind != AS_EV_INCDEC) || ev->seq < from || ev->seq > to ||
			    !as_region_within(v->fn, ev->region, v->loop) || as_children(ev->cur, kid, 2) < 1)
				continue;
			base = written_base(v->fn->tu, kid[0]);
			if (!clang_Cursor_isNull(base) && as_subtree_any(base, as_names_var, (void *)alias[a]))
				return 1;
		}
	}
	return 0;
}

/* The loop gives variable name a new value: assigns it or an element or
 * member of it, increments it, takes its address (a call may then set
 * it), or declares it afresh on each pass. The copy's own events count:
 * strdup(s++) moves s. */
static int loop_writes(const struct vary *v, const char *name)
{
	const struct as_local *l = as_fn_local(v->fn, name);
	const char *k;

	if (l && l->region >= 0 && as_region_within(v->fn, l->region, v->loop))
		return 1;
	for (int i = 0; i < v->fn->nev; i++) {
		const struct as_event *ev = &v->fn->ev[i];

		if ((ev->kind != AS_EV_ASSIGN && ev->kind != AS_EV_INCDEC && ev->kind != AS_EV_ADDR) || !ev->key ||
		    !as_region_within(v->fn, ev->region, v->loop))
			continue;
		/* name itself or a path from it, through a pointer (*name) too */
		for (k = ev->key; *k == '*'; k++)
			;
		if (as_key_covers(name, k))
			return 1;
	}
	return 0;
}

/* A call of the loop that may write a global: any function no pack
 * classifies (getopt sets optarg, yylex yytext); the allocators, copies
 * and read-only functions of the packs write only their arguments. */
static int loop_calls_out(const struct vary *v)
{
	for (int i = 0; i < v->fn->nev; i++) {
		const struct as_event *ev = &v->fn->ev[i];

		if (ev->kind == AS_EV_CALL && as_region_within(v->fn, ev->region, v->loop) &&
		    (!ev->call->rule || ev->call->rule->summary))
			return 1;
	}
	return 0;
}

/* A variable of static storage that is not a function's own: another
 * function may set it. */
static int global_var(CXCursor ref)
{
	CXType t = clang_getCursorType(ref);

	return clang_getCursorKind(ref) == CXCursor_VarDecl &&
	       clang_getCursorKind(clang_getCursorSemanticParent(ref)) == CXCursor_TranslationUnit &&
	       !(clang_isConstQualifiedType(t) && t.kind != CXType_Pointer);
}

static int moves(CXCursor c, void *ctx)
{
	const struct vary *v = ctx;
	CXCursor ref;
	CXString s;
	int r;

	switch (clang_getCursorKind(c)) {
	case CXCursor_CallExpr:
		/* An inline accessor (RSTRING_PTR) returns what its arguments
		 * say; any other function may answer anew on each call. */
		ref = clang_getCursorReferenced(c);
		return clang_Cursor_isNull(ref) || !clang_Cursor_isFunctionInlined(ref);
	case CXCursor_DeclRefExpr:
		ref = clang_getCursorReferenced(c);
		if (clang_getCursorKind(ref) != CXCursor_VarDecl && clang_getCursorKind(ref) != CXCursor_ParmDecl)
			return 0;
		if (global_var(ref) && loop_calls_out(v))
			return 1;
		s = clang_getCursorSpelling(c);
		r = loop_writes(v, clang_getCString(s)) || loop_writes_through(v, clang_getCString(s), INT_MIN, INT_MAX);
		clang_disposeString(s);
		return r;
	default:
		return 0;
	}
}

int as_loop_writes_into(struct as_fn *fn, int loop, const char *name, int from, int to)
{
	struct vary v = { fn, loop };

	return loop_writes_through(&v, name, from, to);
}

int as_loop_varies(struct as_fn *fn, int loop, CXCursor e, int skip_from, int skip_to)
{
	struct vary v = { fn, loop };

	if (clang_Cursor_isNull(e))
		return 1;
	return loop_refills(fn, loop, e, skip_from, skip_to) || as_subtree_any(e, moves, &v);
}
