/* as_bound.c - how many passes a for loop makes at most, when that is
 * known from the source: a counter (a local whose address is never taken)
 * that starts at a constant, steps by one and is not written in the body
 * or the condition, bounded by a constant (i < 3, i <= N
 * with N a constant, one side of an &&) or by the length of a fixed-size
 * array the body indexes with it on every pass before anything can jump
 * (Onigmo's items[i].code[j], code being OnigCodePoint[3]: a pass more
 * would read out of bounds). The value estimate weighs such a loop as the
 * few passes it is, not as a loop over the input. */
#include "as_facts.h"

#include <string.h>

struct counter {
	struct as_fn *fn;
	CXCursor var;  /* the counter's declaration */
	int found;     /* a write to it, or a subscript by it */
	long long len; /* the subscripted array's length */
};

/* e names the counter: a reference to its declaration. */
static int is_counter(const struct counter *k, CXCursor e)
{
	e = as_strip(e);
	return clang_getCursorKind(e) == CXCursor_DeclRefExpr &&
	       clang_equalCursors(clang_getCursorReferenced(e), k->var);
}

/* The counter a for loop's init clause sets, and to what constant. */
static int init_of(struct as_fn *fn, CXCursor init, CXCursor *var, long long *start)
{
	CXCursor kid[2];
	int n;

	if (clang_getCursorKind(init) == CXCursor_DeclStmt) {
		if (as_children(init, kid, 2) != 1 || clang_getCursorKind(kid[0]) != CXCursor_VarDecl)
			return -1;
		*var = kid[0];
		/* The initialiser is the declaration's last child. */
		n = as_children(kid[0], kid, 2);
		return n >= 1 && as_eval_int(kid[n - 1], start) ? 0 : -1;
	}
	init = as_strip(init);
	if (clang_getCursorKind(init) != CXCursor_BinaryOperator || strcmp(as_binop(fn->tu, init), "=") ||
	    as_children(init, kid, 2) != 2 || clang_getCursorKind(as_strip(kid[0])) != CXCursor_DeclRefExpr ||
	    !as_eval_int(kid[1], start))
		return -1;
	*var = clang_getCursorReferenced(as_strip(kid[0]));
	return 0;
}

/* The step: i++, ++i or i += 1. */
static int steps_by_one(const struct counter *k, CXCursor inc)
{
	CXCursor kid[2];
	long long v;
	int post;

	inc = as_strip(inc);
	if (clang_getCursorKind(inc) == CXCursor_UnaryOperator)
		return !strcmp(as_unop(k->fn->tu, inc, &post), "++") && as_children(inc, kid, 1) == 1 &&
		       is_counter(k, kid[0]);
	return clang_getCursorKind(inc) == CXCursor_CompoundAssignOperator &&
	       !strcmp(as_binop(k->fn->tu, inc), "+=") && as_children(inc, kid, 2) == 2 && is_counter(k, kid[0]) &&
	       as_eval_int(kid[1], &v) && v == 1;
}

/* The constant the condition keeps the counter below (i < K: K, i <= K:
 * K + 1), looking through &&; -1 if none. */
static long long limit_of(const struct counter *k, CXCursor cond)
{
	CXCursor kid[2];
	const char *op;
	long long v, a, b;

	cond = as_strip(cond);
	if (clang_getCursorKind(cond) != CXCursor_BinaryOperator || as_children(cond, kid, 2) != 2)
		return -1;
	op = as_binop(k->fn->tu, cond);
	if (!strcmp(op, "&&")) {
		a = limit_of(k, kid[0]);
		b = limit_of(k, kid[1]);
		return a < 0 ? b : b < 0 || a < b ? a
						  : b;
	}
	if ((!strcmp(op, "<") || !strcmp(op, "<=")) && is_counter(k, kid[0]) && as_eval_int(kid[1], &v))
		return op[1] ? v + 1 : v;
	if ((!strcmp(op, ">") || !strcmp(op, ">=")) && is_counter(k, kid[1]) && as_eval_int(kid[0], &v))
		return op[1] ? v + 1 : v;
	return -1;
}

static enum CXChildVisitResult find_write(CXCursor c, CXCursor parent, CXClientData data)
{
	struct counter *k = data;
	enum CXCursorKind kind = clang_getCursorKind(c);
	CXCursor kid[2];
	int post;

	(void)parent;
	if (kind == CXCursor_BinaryOperator || kind == CXCursor_CompoundAssignOperator) {
		const char *op = as_binop(k->fn->tu, c);
		/* An operator not read may be an assignment. */
		if ((!*op || as_op_assigns(op)) &&
		    as_children(c, kid, 2) == 2 && is_counter(k, kid[0]))
			k->found = 1;
	} else if (kind == CXCursor_UnaryOperator && as_children(c, kid, 1) == 1 && is_counter(k, kid[0])) {
		const char *op = as_unop_typed(k->fn->tu, c, &post);
		/* &i is is_private's. */
		if (!*op || !strcmp(op, "++") || !strcmp(op, "--"))
			k->found = 1;
	}
	return k->found ? CXChildVisit_Break : CXChildVisit_Recurse;
}

/* Only the function's own statements can write the counter: an automatic
 * local whose address is taken nowhere in the function, so no call made in
 * the body can change it. */
static int is_private(struct counter *k)
{
	if (clang_Cursor_hasVarDeclGlobalStorage(k->var) ||
	    clang_getCursorKind(clang_getCursorSemanticParent(k->var)) != CXCursor_FunctionDecl)
		return 0;
	return !as_fn_takes_address(k->fn, k->var);
}

static enum CXChildVisitResult last_field(CXCursor c, CXCursor parent, CXClientData data)
{
	(void)parent;
	if (clang_getCursorKind(c) == CXCursor_FieldDecl)
		*(CXCursor *)data = c;
	return CXChildVisit_Continue;
}

/* Whether array expression a may run past its declared length: a struct's
 * last member reached through a pointer is the old flexible-array idiom
 * (Lua's TString contents[1]); one of an array element or of a variable,
 * as items[i].code, cannot be. */
static int may_overhang(CXCursor a)
{
	CXCursor field, last = clang_getNullCursor(), base[1];
	CXType bt;

	a = as_strip(a);
	if (clang_getCursorKind(a) != CXCursor_MemberRefExpr)
		return 0;
	field = clang_getCursorReferenced(a);
	clang_visitChildren(clang_getCursorSemanticParent(field), last_field, &last);
	if (!clang_equalCursors(field, last))
		return 0;
	if (as_children(a, base, 1) != 1)
		return 1;
	bt = clang_getCanonicalType(clang_getCursorType(as_strip(base[0])));
	return bt.kind == CXType_Pointer || (clang_getCursorKind(as_strip(base[0])) != CXCursor_ArraySubscriptExpr &&
					     clang_getCursorKind(as_strip(base[0])) != CXCursor_DeclRefExpr);
}

/* a[i] with a of a fixed-size array type, outside any branch of c and not
 * under & (&a[N] is allowed): the subscript runs whenever c does. */
static enum CXChildVisitResult find_subscript(CXCursor c, CXCursor parent, CXClientData data)
{
	struct counter *k = data;
	enum CXCursorKind kind = clang_getCursorKind(c);
	CXCursor kid[2];
	int post;

	if (kind == CXCursor_ConditionalOperator || kind == CXCursor_StmtExpr)
		return CXChildVisit_Continue;
	if (kind == CXCursor_BinaryOperator) {
		const char *op = as_binop(k->fn->tu, c);
		if (!*op || !strcmp(op, "&&") || !strcmp(op, "||"))
			return CXChildVisit_Continue;
	}
	if (kind == CXCursor_UnaryOperator) {
		const char *op = as_unop_typed(k->fn->tu, c, &post);
		if (!*op || !strcmp(op, "&"))
			return CXChildVisit_Continue;
	}
	if (kind == CXCursor_ArraySubscriptExpr && as_children(c, kid, 2) == 2 && is_counter(k, kid[1]) &&
	    !may_overhang(kid[0])) {
		CXType t = clang_getCanonicalType(clang_getCursorType(as_strip(kid[0])));
		if (t.kind == CXType_ConstantArray && clang_getArraySize(t) > 0) {
			k->len = clang_getArraySize(t);
			k->found = 1;
			return CXChildVisit_Break;
		}
	}
	(void)parent;
	return CXChildVisit_Recurse;
}

static enum CXChildVisitResult find_jump(CXCursor c, CXCursor parent, CXClientData data)
{
	enum CXCursorKind kind = clang_getCursorKind(c);

	(void)parent;
	if (kind == CXCursor_BreakStmt || kind == CXCursor_ContinueStmt || kind == CXCursor_GotoStmt ||
	    kind == CXCursor_ReturnStmt || kind == CXCursor_IndirectGotoStmt) {
		*(int *)data = 1;
		return CXChildVisit_Break;
	}
	return CXChildVisit_Recurse;
}

static int is_plain(CXCursor s)
{
	int jump = 0;

	switch (clang_getCursorKind(s)) {
	case CXCursor_IfStmt:
	case CXCursor_SwitchStmt:
	case CXCursor_ForStmt:
	case CXCursor_WhileStmt:
	case CXCursor_DoStmt:
	case CXCursor_CompoundStmt:
		return 0;
	default:
		find_jump(s, clang_getNullCursor(), &jump);
		if (!jump)
			clang_visitChildren(s, find_jump, &jump);
		return !jump;
	}
}

static enum CXChildVisitResult find_label(CXCursor c, CXCursor parent, CXClientData data)
{
	enum CXCursorKind kind = clang_getCursorKind(c);

	(void)parent;
	if (kind == CXCursor_LabelStmt || kind == CXCursor_CaseStmt || kind == CXCursor_DefaultStmt) {
		*(int *)data = 1;
		return CXChildVisit_Break;
	}
	return CXChildVisit_Recurse;
}

/* The length of a fixed-size array the body indexes by the counter in the
 * statements it opens with, before any branch or jump; -1 if none, or if
 * the body has a label, by which a jump could enter past the subscript. */
static long long array_limit(struct counter *k, CXCursor body)
{
	CXCursor stmt[16];
	int n = 1, label = 0;

	clang_visitChildren(body, find_label, &label);
	if (label)
		return -1;
	if (clang_getCursorKind(body) == CXCursor_CompoundStmt)
		n = as_children(body, stmt, 16);
	else
		stmt[0] = body;
	for (int i = 0; i < n && i < 16 && is_plain(stmt[i]); i++) {
		k->found = 0;
		clang_visitChildren(stmt[i], find_subscript, k);
		if (k->found)
			return k->len;
	}
	return -1;
}

int as_loop_max_passes(struct as_fn *fn, CXCursor loop)
{
	CXCursor kid[4];
	struct counter k = { fn, clang_getNullCursor(), 0, 0 };
	long long start, limit, alimit;

	/* init; cond; step; body, all four written. */
	if (clang_getCursorKind(loop) != CXCursor_ForStmt || as_children(loop, kid, 4) != 4 ||
	    init_of(fn, kid[0], &k.var, &start) || start < 0 || !steps_by_one(&k, kid[2]))
		return 0;
	clang_visitChildren(kid[1], find_write, &k);
	clang_visitChildren(kid[3], find_write, &k);
	if (k.found || !is_private(&k))
		return 0;
	limit = limit_of(&k, kid[1]);
	alimit = array_limit(&k, kid[3]);
	if (limit < 0 || (alimit >= 0 && alimit < limit))
		limit = alimit;
	if (limit <= start || limit - start > AS_LOOP_FEW_PASSES)
		return 0;
	return (int)(limit - start);
}

CXCursor as_loop_upto(struct as_fn *fn, CXCursor loop, CXCursor *var)
{
	CXCursor kid[4], none = clang_getNullCursor(), cond[2];
	struct counter k = { fn, clang_getNullCursor(), 0, 0 };
	long long start;

	if (clang_getCursorKind(loop) != CXCursor_ForStmt || as_children(loop, kid, 4) != 4 ||
	    init_of(fn, kid[0], &k.var, &start) || start != 0 || !steps_by_one(&k, kid[2]))
		return none;
	clang_visitChildren(kid[1], find_write, &k);
	clang_visitChildren(kid[3], find_write, &k);
	if (k.found || !is_private(&k))
		return none;
	kid[1] = as_strip(kid[1]);
	if (clang_getCursorKind(kid[1]) != CXCursor_BinaryOperator || strcmp(as_binop(fn->tu, kid[1]), "<") ||
	    as_children(kid[1], cond, 2) != 2 || !is_counter(&k, cond[0]))
		return none;
	*var = k.var;
	return cond[1];
}
