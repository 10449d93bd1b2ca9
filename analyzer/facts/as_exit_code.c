/* as_exit_code.c - an exit taken because of a status set beside the site:
 * "rc = SQLITE_SCHEMA; ...; if (rc) goto abort;" leaves the loop on every
 * pass that runs the code before it, although its branch looks
 * conditional. */
#include "as_facts.h"

#include <string.h>

/* The local a branch condition tests for nonzero (v, v != 0, 0 != v),
 * or a null cursor. */
static CXCursor tested_local(const struct as_fn *fn, CXCursor cond)
{
	CXCursor kid[2], var;
	long long z;

	cond = as_strip(cond);
	if (clang_getCursorKind(cond) == CXCursor_BinaryOperator && !strcmp(as_binop(fn->tu, cond), "!=") &&
	    as_children(cond, kid, 2) == 2) {
		if (as_eval_int(kid[1], &z) && z == 0)
			cond = as_strip(kid[0]);
		else if (as_eval_int(kid[0], &z) && z == 0)
			cond = as_strip(kid[1]);
	}
	if (clang_getCursorKind(cond) != CXCursor_DeclRefExpr)
		return clang_getNullCursor();
	var = clang_getCursorReferenced(cond);
	/* A local of automatic storage: no call or other thread sets it. */
	if (clang_getCursorKind(var) != CXCursor_VarDecl || clang_Cursor_getStorageClass(var) == CX_SC_Static ||
	    clang_Cursor_getStorageClass(var) == CX_SC_Extern ||
	    clang_getCursorKind(clang_getCursorSemanticParent(var)) != CXCursor_FunctionDecl ||
	    clang_isVolatileQualifiedType(clang_getCursorType(var)))
		return clang_getNullCursor();
	return var;
}

/* Event k assigns var a nonzero constant. */
static int sets_nonzero(const struct as_fn *fn, int k, CXCursor var)
{
	const struct as_event *e = &fn->ev[k];
	CXCursor kid[2];
	long long v;

	if (e->kind != AS_EV_ASSIGN || strcmp(e->op, "=") || clang_Cursor_isNull(e->rhs) ||
	    as_children(e->cur, kid, 2) != 2 || clang_getCursorKind(as_strip(kid[0])) != CXCursor_DeclRefExpr)
		return 0;
	return clang_equalCursors(clang_getCursorReferenced(as_strip(kid[0])), var) && as_eval_int(e->rhs, &v) && v;
}

int as_exit_forced(const struct as_fn *fn, int i, int j)
{
	int b = fn->ev[j].region, r = fn->ev[i].region, set = -1;
	const struct as_region *br = &fn->regions[b];
	CXCursor var;

	/* The exit's own branch, an if's then-branch beside the site's. */
	if (br->kind != AS_REGION_BRANCH || br->is_else || br->parent < 0 ||
	    !as_region_within(fn, r, br->parent) || clang_Cursor_isNull(br->cond) ||
	    clang_Cursor_isNull(var = tested_local(fn, br->cond)))
		return 0;
	/* The last store to the local before the exit is a nonzero constant,
	 * on every path from the site (its region holds the site's). */
	for (int k = i + 1; k < j; k++) {
		const struct as_event *e = &fn->ev[k];
		if (!as_event_writes(e) || !e->key)
			continue;
		if (sets_nonzero(fn, k, var) && as_region_within(fn, r, e->region))
			set = k;
		else if (set >= 0 && !strcmp(e->key, fn->ev[set].key))
			return 0;
	}
	if (set < 0)
		return 0;
	/* Nothing reaches the local through its address. */
	for (int k = 0; k < fn->nev; k++)
		if (fn->ev[k].kind == AS_EV_ADDR && fn->ev[k].key && !strcmp(fn->ev[k].key, fn->ev[set].key))
			return 0;
	return 1;
}
