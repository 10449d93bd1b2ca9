/* as_refill.c - whether a loop refills the buffer an expression names: a
 * scratch buffer written anew on each pass (sprintf(buf, ...), memcpy into
 * it, buf[k] = c) holds different bytes every time, so a copy of it made
 * on each pass is one copy per value, not the same copy repeated. */
#include "as_facts.h"

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

/* A call of the loop that is handed the buffer key names in an argument
 * it may write. */
static int call_fills(struct as_fn *fn, const struct as_call *c, const char *key)
{
	for (int k = 0; k < c->nargs; k++) {
		struct as_key *ak;

		if (clang_Cursor_isNull(c->arg[k]) || !may_write_arg(c, k))
			continue;
		ak = as_fn_lvalue_key(fn, as_strip(c->arg[k]));
		if (!ak->unknown && !strcmp(as_key_str(fn->tu, ak), key))
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

int as_loop_refills(struct as_fn *fn, int loop, CXCursor e, int skip_from, int skip_to)
{
	struct as_key *k = as_fn_lvalue_key(fn, as_strip(e));
	const char *key;

	if (loop < 0 || k->unknown || k->op)
		return 0;
	key = as_key_str(fn->tu, k);
	for (int i = 0; i < fn->nev; i++) {
		const struct as_event *ev = &fn->ev[i];

		if ((ev->seq >= skip_from && ev->seq <= skip_to) || !as_region_within(fn, ev->region, loop))
			continue;
		if (ev->kind == AS_EV_CALL && call_fills(fn, ev->call, key))
			return 1;
		if ((ev->kind == AS_EV_ASSIGN || ev->kind == AS_EV_INCDEC) && ev->key && element_write(ev->key, key))
			return 1;
	}
	return 0;
}
