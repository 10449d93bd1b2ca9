/* as_copy_loop.c - a loop that is exactly a memcpy: element k of a source
 * stored unchanged into element k of a destination, for every k from 0 up
 * to a count, in order, and nothing else done. The shapes:
 *   for (i = 0; i < n; i++) D[i] = S[i];   (as_loop_upto's counter)
 *   for (i = 0; i < n; i++) *d++ = *s++;
 *   while (n--) *d++ = *s++;               (or n-- > 0)
 * with the store the body's one statement, braced or not. A transform
 * (s[i] + 1, tolower(s[i]), a conversion between kinds), a second
 * statement, a break, a stride or another index is no copy. */
#include "as_facts.h"

#include <string.h>

/* e reads memory without side effects and without the counter var: a
 * variable, or a member path over one (a->items, s.buf.ptr). */
static int plain_path(CXCursor e, CXCursor var)
{
	CXCursor kid[1];

	e = as_strip(e);
	switch (clang_getCursorKind(e)) {
	case CXCursor_DeclRefExpr:
		return !clang_equalCursors(clang_getCursorReferenced(e), var);
	case CXCursor_MemberRefExpr:
		return as_children(e, kid, 1) == 1 && plain_path(kid[0], var);
	default:
		return 0;
	}
}

/* e is base[i] with i the counter var and base a plain path: base. */
static CXCursor indexed(CXCursor e, CXCursor var)
{
	CXCursor kid[2], none = clang_getNullCursor();

	e = as_strip(e);
	if (clang_getCursorKind(e) != CXCursor_ArraySubscriptExpr || as_children(e, kid, 2) != 2)
		return none;
	kid[1] = as_strip(kid[1]);
	if (clang_getCursorKind(kid[1]) != CXCursor_DeclRefExpr ||
	    !clang_equalCursors(clang_getCursorReferenced(kid[1]), var) || !plain_path(kid[0], var))
		return none;
	return kid[0];
}

/* e is *p++ with p a variable other than var: p's reference. */
static CXCursor walked(struct as_fn *fn, CXCursor e, CXCursor var)
{
	CXCursor kid[1], none = clang_getNullCursor();
	int post;

	e = as_strip(e);
	if (clang_getCursorKind(e) != CXCursor_UnaryOperator || strcmp(as_unop(fn->tu, e, &post), "*") ||
	    as_children(e, kid, 1) != 1)
		return none;
	e = as_strip(kid[0]);
	if (clang_getCursorKind(e) != CXCursor_UnaryOperator || strcmp(as_unop(fn->tu, e, &post), "++") || !post ||
	    as_children(e, kid, 1) != 1)
		return none;
	kid[0] = as_strip(kid[0]);
	if (clang_getCursorKind(kid[0]) != CXCursor_DeclRefExpr || !plain_path(kid[0], var))
		return none;
	return kid[0];
}

/* Stored unchanged: the same kind of value of the same size on both
 * sides (char from int, float from int, a truncation are transforms). */
static int same_element(CXCursor lhs, CXCursor rhs, long long *elem)
{
	CXType l = clang_getCanonicalType(clang_getCursorType(as_strip(lhs)));
	CXType r = clang_getCanonicalType(clang_getCursorType(as_strip(rhs)));

	*elem = clang_Type_getSizeOf(l);
	return *elem > 0 && l.kind == r.kind && clang_Type_getSizeOf(r) == *elem;
}

/* The variable while (n--) or while (n-- > 0) counts down; null if the
 * condition is neither. */
static CXCursor counts_down(struct as_fn *fn, CXCursor cond)
{
	CXCursor kid[2], none = clang_getNullCursor();
	long long zero;
	int post;

	cond = as_strip(cond);
	if (clang_getCursorKind(cond) == CXCursor_BinaryOperator) {
		if (strcmp(as_binop(fn->tu, cond), ">") || as_children(cond, kid, 2) != 2 || !as_eval_int(kid[1], &zero) ||
		    zero)
			return none;
		cond = as_strip(kid[0]);
	}
	if (clang_getCursorKind(cond) != CXCursor_UnaryOperator || strcmp(as_unop(fn->tu, cond, &post), "--") ||
	    !post || as_children(cond, kid, 1) != 1)
		return none;
	kid[0] = as_strip(kid[0]);
	return clang_getCursorKind(kid[0]) == CXCursor_DeclRefExpr ? kid[0] : none;
}

/* The one statement of a loop body, braced or not; null otherwise. */
static CXCursor only_statement(CXCursor body)
{
	CXCursor stmt[2];

	if (clang_getCursorKind(body) != CXCursor_CompoundStmt)
		return body;
	return as_children(body, stmt, 2) == 1 ? stmt[0] : clang_getNullCursor();
}

int as_copy_loop(struct as_fn *fn, CXCursor loop, struct as_copy_loop *cl)
{
	CXCursor kid[4], side[2], var = clang_getNullCursor(), body, count;
	enum CXCursorKind k = clang_getCursorKind(loop);
	int n = as_children(loop, kid, 4);

	memset(cl, 0, sizeof *cl);
	if (k == CXCursor_ForStmt && n == 4 && !clang_Cursor_isNull(count = as_loop_upto(fn, loop, &var))) {
		body = kid[3];
	} else if (k == CXCursor_WhileStmt && n == 2 && !clang_Cursor_isNull(count = counts_down(fn, kid[0]))) {
		body = kid[1];
		var = clang_getCursorReferenced(count);
	} else {
		return -1;
	}
	body = as_strip(only_statement(body));
	if (clang_Cursor_isNull(body) || clang_getCursorKind(body) != CXCursor_BinaryOperator ||
	    strcmp(as_binop(fn->tu, body), "=") || as_children(body, side, 2) != 2 ||
	    !same_element(side[0], side[1], &cl->elem))
		return -1;
	cl->dst = walked(fn, side[0], var);
	cl->src = walked(fn, side[1], var);
	cl->walks = !clang_Cursor_isNull(cl->dst) && !clang_Cursor_isNull(cl->src);
	/* Counting down, the counter is no index: only the walk is a copy. */
	if (!cl->walks && k == CXCursor_ForStmt) {
		cl->dst = indexed(side[0], var);
		cl->src = indexed(side[1], var);
	}
	if (clang_Cursor_isNull(cl->dst) || clang_Cursor_isNull(cl->src) ||
	    (cl->walks && clang_equalCursors(clang_getCursorReferenced(cl->dst), clang_getCursorReferenced(cl->src))))
		return -1;
	cl->store = body;
	cl->count = count;
	return 0;
}
