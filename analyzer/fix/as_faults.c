/* as_faults.c - what between an allocation and its copy may fault or trap
 * (as_proof.h). A signal handler runs at a chosen point of the region only
 * through a fault there (a load from a page mapped without access, a
 * division by zero, a trap instruction) or a call (raise, kill, a callee
 * that faults). Any other point is one an asynchronous signal may hit just
 * as well after the copy: a region that only computes on automatic locals
 * in registers (scalars whose address is never taken; in a unit built
 * without optimisation, only in a function with no array and no
 * address-taken local: those may lie on a stack page the program
 * protects, and such a build keeps every other local beside them) cannot
 * wait for the signal, so every run of the rewritten
 * program is a run the original allows. */
#include "as_proof.h"

#include <string.h>

#include "as_cfg.h"
#include "as_draft.h"
#include "as_names.h"

/* Builtins that read no memory and cannot trap. */
static const char *const quiet_builtins[] = { "__builtin_expect", "__builtin_constant_p" };

struct fault_walk {
	struct as_fn *fn;
	CXCursor alloc;    /* the allocation: its operands run before it either way */
	CXCursor copy;     /* the copy: the rewrite evaluates its source at the */
	CXCursor dst;      /* allocation, before copying, and its size is the */
	CXCursor at;       /* allocation's; only its destination is left behind */
	const char *what;  /* what may fault (at), in words */
	int frame_exposed; /* the function has an exposed local (frame_exposed()); -1: not known yet */
};

static int same(CXCursor a, CXCursor b)
{
	return !clang_Cursor_isNull(b) && (clang_equalCursors(a, b) || clang_equalCursors(as_strip(a), as_strip(b)));
}

static int automatic(CXCursor d)
{
	enum CXCursorKind k = clang_getCursorKind(d);

	if (k == CXCursor_ParmDecl)
		return 1;
	return k == CXCursor_VarDecl && clang_Cursor_getStorageClass(d) == CX_SC_None &&
	       clang_getCursorKind(clang_getCursorSemanticParent(d)) != CXCursor_TranslationUnit &&
	       clang_getCursorType(d).kind != CXType_VariableArray;
}

/* An array, or a variable whose address (or a part's) the function takes:
 * the program has its stack address, and may protect its page. */
static int exposed(struct as_fn *fn, CXCursor d)
{
	return clang_getCanonicalType(clang_getCursorType(d)).kind == CXType_ConstantArray ||
	       as_fn_takes_address(fn, d);
}

static enum CXChildVisitResult find_exposed(CXCursor c, CXCursor parent, CXClientData data)
{
	struct fault_walk *w = data;

	(void)parent;
	if ((clang_getCursorKind(c) == CXCursor_VarDecl || clang_getCursorKind(c) == CXCursor_ParmDecl) &&
	    automatic(c) && exposed(w->fn, c)) {
		w->frame_exposed = 1;
		return CXChildVisit_Break;
	}
	return CXChildVisit_Recurse;
}

/* True if, in a unit built without optimisation (which keeps every local
 * in the frame, beside the exposed ones), the function has an exposed
 * local: then any of its locals may lie on a page the program protects.
 * An optimised build may keep a scalar in a register. */
static int frame_exposed(struct fault_walk *w)
{
	if (!w->fn->tu->unoptimised)
		return 0;
	if (w->frame_exposed < 0) {
		w->frame_exposed = 0;
		clang_visitChildren(w->fn->cur, find_exposed, w);
	}
	return w->frame_exposed;
}

/* A builtin of no effect, or a pack's size product (Ruby's
 * rbimpl_size_mul_or_raise): arithmetic, its operands walked as such. */
static int quiet_call(struct as_fn *fn, CXCursor call)
{
	const char *n = as_tu_callee(fn->tu, call);
	const struct as_rule *r = as_tu_function(fn->tu, n, strlen(n));
	int quiet = (r && !r->summary && r->role == AS_ROLE_SIZE_MUL) || AS_NAME_IN(n, quiet_builtins);

	return quiet;
}

static enum CXChildVisitResult find_fault(CXCursor c, CXCursor parent, CXClientData data);

static int floating(CXCursor c)
{
	enum CXTypeKind k = clang_getCanonicalType(clang_getCursorType(c)).kind;

	return k == CXType_Float || k == CXType_Double || k == CXType_LongDouble || k == CXType_Float128 ||
	       k == CXType_Half || k == CXType_Float16 || k == CXType_Complex;
}

static enum CXChildVisitResult fault_at(struct fault_walk *w, CXCursor c, const char *what)
{
	w->at = c;
	w->what = what;
	return CXChildVisit_Break;
}

static enum CXChildVisitResult find_fault(CXCursor c, CXCursor parent, CXClientData data)
{
	struct fault_walk *w = data;
	enum CXCursorKind k = clang_getCursorKind(c);
	CXCursor kid[2];
	const char *op;
	int post;

	(void)parent;
	if (as_unevaluated(c) || same(c, w->alloc))
		return CXChildVisit_Continue;
	if (same(c, w->copy)) {
		if (clang_Cursor_isNull(w->dst) || find_fault(w->dst, c, w) != CXChildVisit_Recurse)
			return clang_Cursor_isNull(w->at) ? CXChildVisit_Continue : CXChildVisit_Break;
		clang_visitChildren(w->dst, find_fault, w);
		return clang_Cursor_isNull(w->at) ? CXChildVisit_Continue : CXChildVisit_Break;
	}
	switch (k) {
	case CXCursor_CallExpr:
		if (quiet_call(w->fn, c))
			return CXChildVisit_Recurse;
		return fault_at(w, c, "a call");
	case CXCursor_AsmStmt:
		return fault_at(w, c, "an asm statement");
	case CXCursor_ArraySubscriptExpr:
		/* An array of the function's own is on its stack, a static one in
		 * the program's data: either may lie on a page the program
		 * protects (the stack's too, by an address of a local). */
		if (as_children(c, kid, 2) == 2 && clang_getCursorKind(as_strip(kid[0])) == CXCursor_DeclRefExpr &&
		    clang_getCanonicalType(clang_getCursorType(as_strip(kid[0]))).kind == CXType_ConstantArray)
			return automatic(clang_getCursorReferenced(as_strip(kid[0])))
				       ? fault_at(w, c, "an access to a local array (its stack page may be protected)")
				       : fault_at(w, c, "an access to a static or thread-local variable");
		return fault_at(w, c, "a load or store through a pointer");
	case CXCursor_MemberRefExpr:
		if (as_children(c, kid, 1) == 1 && clang_getCanonicalType(clang_getCursorType(kid[0])).kind == CXType_Pointer)
			return fault_at(w, c, "a load or store through a pointer");
		return CXChildVisit_Recurse;
	case CXCursor_UnaryOperator:
		op = as_unop(w->fn->tu, c, &post);
		if (op && !strcmp(op, "*"))
			return fault_at(w, c, "a load or store through a pointer");
		break;
	case CXCursor_BinaryOperator:
	case CXCursor_CompoundAssignOperator:
		op = as_binop(w->fn->tu, c);
		if (op && (!strcmp(op, "/") || !strcmp(op, "%") || !strcmp(op, "/=") || !strcmp(op, "%=")))
			return fault_at(w, c, "a division");
		break;
	case CXCursor_DeclRefExpr:
		if (clang_getCursorKind(clang_getCursorReferenced(c)) != CXCursor_VarDecl &&
		    clang_getCursorKind(clang_getCursorReferenced(c)) != CXCursor_ParmDecl)
			break;
		if (!automatic(clang_getCursorReferenced(c)))
			return fault_at(w, c, "an access to a static or thread-local variable");
		if (exposed(w->fn, clang_getCursorReferenced(c)))
			return fault_at(w, c, "an access to a local whose address is taken (its stack page may be protected)");
		if (frame_exposed(w))
			return fault_at(w, c,
					"an access to a local of a function with an array or an address-taken local "
					"(the unit is built without optimisation, which keeps it on the same stack pages, "
					"which may be protected)");
		break;
	case CXCursor_VarDecl:
		if (clang_getCursorType(c).kind == CXType_VariableArray)
			return fault_at(w, c, "a variable length array");
		break;
	default:
		break;
	}
	if (clang_isExpression(k) && floating(c))
		return fault_at(w, c, "floating-point arithmetic");
	return CXChildVisit_Recurse;
}

/* A node of the region on a cycle of the region: a loop there may wait for
 * the signal as long as it takes (a timer's handler writing the source
 * during a busy loop on locals), or -1. Depth-first, colour 1 on the path. */
static int region_cycle(const struct as_cfg *g, const unsigned char *region, int nc, struct as_arena *ar)
{
	unsigned char *colour = as_arena_alloc(ar, (size_t)g->nnodes + 1);
	int *stack = as_arena_alloc(ar, sizeof *stack * ((size_t)g->nnodes + 1));
	int *next = as_arena_alloc(ar, sizeof *next * ((size_t)g->nnodes + 1));

	memset(colour, 0, (size_t)g->nnodes + 1);
	for (int root = 0; root < g->nnodes; root++) {
		int depth = 0;
		if (!region[root] || root == nc || colour[root])
			continue;
		stack[depth++] = root, next[root] = 0, colour[root] = 1;
		while (depth) {
			int v = stack[depth - 1], u;
			if (next[v] == g->node[v].nsucc) {
				colour[v] = 2, depth--;
				continue;
			}
			u = g->node[v].succ[next[v]++].to;
			if (!region[u] || u == nc)
				continue;
			if (colour[u] == 1) {
				/* The cycle is the path from u: name a node that has code. */
				for (int i = depth - 1; i >= 0 && stack[i] != u; i--)
					if (!clang_Cursor_isNull(g->node[stack[i]].cur))
						return stack[i];
				return u;
			}
			if (!colour[u])
				stack[depth++] = u, next[u] = 0, colour[u] = 1;
		}
	}
	return -1;
}

CXCursor as_region_fault(struct as_fn *fn, const unsigned char *region, int na, int nc, const struct as_call *alloc,
			 const struct as_call *copy, const char **what)
{
	struct as_cfg *g = as_fn_cfg(fn);
	struct fault_walk w = { fn, alloc->cur, copy->cur, clang_getNullCursor(), clang_getNullCursor(), NULL, -1 };

	if (copy->rule)
		w.dst = as_call_role(copy, copy->rule->dst);
	for (int v = 0; v < g->nnodes && clang_Cursor_isNull(w.at); v++) {
		CXCursor c = g->node[v].cur;
		if (!(region[v] || v == na || v == nc) || clang_Cursor_isNull(c))
			continue;
		if (find_fault(c, clang_getNullCursor(), &w) == CXChildVisit_Recurse)
			clang_visitChildren(c, find_fault, &w);
	}
	if (clang_Cursor_isNull(w.at)) {
		int v = region_cycle(g, region, nc, &fn->tu->arena);
		if (v >= 0) {
			w.at = clang_Cursor_isNull(g->node[v].cur) ? alloc->cur : g->node[v].cur;
			w.what = "a loop";
		}
	}
	*what = w.what;
	return w.at;
}
