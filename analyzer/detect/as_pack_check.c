/* as_pack_check.c - pack entries a call shows can never match what they
 * claim: an alloc, realloc or dup entry on a function that returns void
 * has no result to be a block (a pointer replaced in place, or an object
 * whose block is resized in place, is ptr_by_address; one stored into an
 * argument is a macro's "assigns").
 * Said as a notice at each such call, so the pack's author sees why the
 * scan finds nothing there. */
#include "as_detect.h"

void as_check_pack_calls(struct as_fn *fn, struct as_sink *sink)
{
	for (int i = 0; i < fn->nev; i++) {
		const struct as_call *c = fn->ev[i].call;
		const struct as_rule *r;

		if (fn->ev[i].kind != AS_EV_CALL || !(r = c->rule) || r->is_macro || r->summary || r->ptr_by_address ||
		    (r->role != AS_ROLE_ALLOC && r->role != AS_ROLE_REALLOC && r->role != AS_ROLE_DUP) ||
		    clang_getCursorKind(c->cur) != CXCursor_CallExpr ||
		    clang_getCanonicalType(clang_getCursorType(c->cur)).kind != CXType_Void)
			continue;
		as_notice(fn, sink, c->begin,
			  as_fix_say(fn,
				     "%s returns void, so its entry of role %s in %s can never describe a block "
				     "(a pointer replaced through its address, or an object resized in place, is \"ptr_by_address\")",
				     c->callee, as_role_name(r->role), r->pack));
	}
}
