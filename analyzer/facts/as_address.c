/* as_address.c - whether a function takes the address of one of its
 * locals (as_facts.h): what makes a local reachable from elsewhere (a
 * callee, another thread, a signal handler) and puts it in memory; and
 * whether it writes one, told by its declaration where a name means two
 * variables; whether a store reaches only a private local, and whether a
 * goto comes back over a span: what a definition standing for a local's
 * value must survive. */
#include "as_facts.h"

#include <string.h>

struct address_walk {
	struct as_fn *fn;
	CXCursor decl;
	int stores; /* a store counts too, not only an address taken */
	int taken;
};

/* The variable an lvalue is part of (x, s.f, a[i], s.a[i].f), or a null
 * cursor if it is reached through a pointer. */
static CXCursor base_var(CXCursor e)
{
	CXCursor kid[2];

	for (;;) {
		enum CXCursorKind k = clang_getCursorKind(e = as_strip(e));
		if (k == CXCursor_DeclRefExpr)
			return clang_getCursorReferenced(e);
		if (k == CXCursor_MemberRefExpr && as_children(e, kid, 1) == 1 &&
		    clang_getCanonicalType(clang_getCursorType(kid[0])).kind != CXType_Pointer)
			e = kid[0];
		else if (k == CXCursor_ArraySubscriptExpr && as_children(e, kid, 2) == 2 &&
			 clang_getCanonicalType(clang_getCursorType(as_strip(kid[0]))).kind == CXType_ConstantArray)
			e = kid[0];
		else
			return clang_getNullCursor();
	}
}

/* True if asm statement c has an operand that is decl or a part of it:
 * an output operand ("=r"(n)) stores to it with no operator, and libclang
 * does not tell outputs from inputs, so every operand counts as its
 * address passed. */
static int asm_operand(CXCursor c, CXCursor decl)
{
	CXCursor kid[32], d;
	int n = as_children(c, kid, 32);

	if (n > 32)
		return 1;
	for (int i = 0; i < n; i++)
		if (!clang_Cursor_isNull(d = base_var(kid[i])) && clang_equalCursors(d, decl))
			return 1;
	return 0;
}

/* An address taken of w->decl or a part of it, or with w->stores also a
 * store to it: an assignment, ++ or --, or an operator it cannot read (in
 * a macro's body), which counts as a store. */
static enum CXChildVisitResult find_use(CXCursor c, CXCursor parent, CXClientData data)
{
	struct address_walk *w = data;
	enum CXCursorKind k = clang_getCursorKind(c);
	CXCursor kid[2], d;
	const char *op;
	int post;

	(void)parent;
	if (k == CXCursor_AsmStmt && asm_operand(c, w->decl)) {
		w->taken = 1;
		return CXChildVisit_Break;
	}
	if (w->stores && (k == CXCursor_CompoundAssignOperator ||
			  (k == CXCursor_BinaryOperator && (!*(op = as_binop(w->fn->tu, c)) || as_op_assigns(op)))))
		d = as_children(c, kid, 2) == 2 ? base_var(kid[0]) : clang_getNullCursor();
	else if (k == CXCursor_UnaryOperator && as_children(c, kid, 1) == 1 &&
		 (!strcmp(op = as_unop_typed(w->fn->tu, c, &post), "&") ||
		  (w->stores && (!*op || !strcmp(op, "++") || !strcmp(op, "--")))))
		d = base_var(kid[0]);
	else
		return CXChildVisit_Recurse;
	if (!clang_Cursor_isNull(d) && clang_equalCursors(d, w->decl)) {
		w->taken = 1;
		return CXChildVisit_Break;
	}
	return CXChildVisit_Recurse;
}

int as_fn_takes_address(struct as_fn *fn, CXCursor decl)
{
	struct address_walk w = { fn, decl, 0, 0 };

	clang_visitChildren(fn->cur, find_use, &w);
	return w.taken;
}

int as_fn_writes_local(struct as_fn *fn, CXCursor decl)
{
	struct address_walk w = { fn, decl, 1, 0 };

	clang_visitChildren(fn->cur, find_use, &w);
	return w.taken;
}

int as_fn_private_store(struct as_fn *fn, CXCursor store)
{
	enum CXCursorKind k = clang_getCursorKind(store);
	enum CX_StorageClass sc;
	CXCursor kid[2], d;

	/* A declaration stores to its new variable, which nothing points to
	 * yet. */
	if (k == CXCursor_VarDecl)
		return 1;
	if ((k != CXCursor_BinaryOperator && k != CXCursor_CompoundAssignOperator && k != CXCursor_UnaryOperator) ||
	    as_children(store, kid, 2) < 1)
		return 0;
	d = base_var(kid[0]);
	if (clang_Cursor_isNull(d) || !clang_equalCursors(clang_getCursorSemanticParent(d), fn->cur))
		return 0;
	sc = clang_Cursor_getStorageClass(d);
	return sc != CX_SC_Static && sc != CX_SC_Extern && !as_fn_takes_address(fn, d);
}

struct jump_walk {
	unsigned from, to;
	int back;
};

static unsigned offset_of(CXCursor c)
{
	unsigned off = 0;

	clang_getExpansionLocation(clang_getCursorLocation(c), NULL, NULL, NULL, &off);
	return off;
}

static enum CXChildVisitResult find_jump_back(CXCursor c, CXCursor parent, CXClientData data)
{
	struct jump_walk *w = data;
	unsigned label;

	(void)parent;
	/* goto *p may go to any label whose address is taken. */
	if (clang_getCursorKind(c) == CXCursor_IndirectGotoStmt) {
		w->back = 1;
		return CXChildVisit_Break;
	}
	if (clang_getCursorKind(c) != CXCursor_LabelRef || offset_of(c) <= w->to)
		return CXChildVisit_Recurse;
	label = offset_of(clang_getCursorReferenced(c));
	if (label > w->from && label <= w->to) {
		w->back = 1;
		return CXChildVisit_Break;
	}
	return CXChildVisit_Recurse;
}

int as_fn_jumps_back(struct as_fn *fn, unsigned from, unsigned to)
{
	struct jump_walk w = { from, to, 0 };

	clang_visitChildren(fn->cur, find_jump_back, &w);
	return w.back;
}
