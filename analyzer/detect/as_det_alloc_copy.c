/* as_det_alloc_copy.c - rule alloc-copy: a fresh buffer filled by a copy of
 * the same size from another buffer (rb_ary_resurrect before Ruby shared
 * the buffer). The copy must fill the very buffer the allocation was stored
 * in, on a path the allocation dominates, with no loop between them; or
 * the inline payload of a fresh header-plus-payload object, which it must
 * fill alone (Lua's strings, an array member; Duktape's, the bytes past the
 * header). */
#include "as_detect.h"

#include <stdio.h>
#include <string.h>

/* True if the function calls an allocation: a copy it cannot read may be
 * a site. */
static int has_alloc(const struct as_fn *fn)
{
	for (int i = 0; i < fn->nev; i++)
		if (fn->ev[i].kind == AS_EV_CALL && fn->ev[i].call->rule && fn->ev[i].call->rule->role == AS_ROLE_ALLOC)
			return 1;
	return 0;
}

int as_alloc_paired(struct as_fn *fn, int c, int region, const char *dst)
{
	for (int i = c - 1; i >= 0; i--) {
		const struct as_event *e = &fn->ev[i];

		if (e->kind == AS_EV_ASSIGN && as_key_covers(e->key, dst)) {
			/* The store of the allocation itself is not a reassignment. */
			int j = i - 1;
			while (j >= 0 && !(fn->ev[j].kind == AS_EV_CALL && fn->ev[j].call->rule &&
					   fn->ev[j].call->rule->role == AS_ROLE_ALLOC &&
					   as_call_stores_to(fn->ev[j].call, dst) &&
					   as_event_stores_call(fn, e, fn->ev[j].call)))
				j--;
			if (j < 0)
				return -1;
			i = j;
			e = &fn->ev[i];
		} else if (e->kind == AS_EV_INCDEC && as_key_covers(e->key, dst)) {
			return -1; /* p++ moves the pointer: a copy to p is not to the block */
		}
		if (e->kind != AS_EV_CALL || !e->call->rule || e->call->rule->role != AS_ROLE_ALLOC ||
		    !as_call_stores_to(e->call, dst))
			continue;
		/* The copy must run whenever the allocation did: same region or one
		 * nested in it, and no loop on the way (a copy repeated into one
		 * buffer is another shape). */
		if (!as_region_within(fn, region, e->region) || as_region_loop_between(fn, region, e->region))
			return -1;
		return i;
	}
	return -1;
}

/* What every alloc-copy finding says: the allocation event a, the copy c. */
static void draft(struct as_fn *fn, int a, int c, struct as_draft *d)
{
	const struct as_call *alloc = fn->ev[a].call, *copy = fn->ev[c].call;

	d->at = alloc;
	d->alloc = alloc;
	d->copy = copy;
	d->buffer = as_call_role_text(fn, copy, copy->rule->dst);
	d->source = as_call_role_text(fn, copy, copy->rule->src);
	d->size = copy->rule->size_is_strlen1 ? as_fill_template(fn, "strlen($src) + 1", d->source, "", "", "")
					      : as_call_size_text(fn, copy);
	d->family = as_call_family(fn, alloc) ? as_call_family(fn, alloc)->name : NULL;
	d->loop = as_region_loop(fn, fn->ev[a].region);
}

/* e without its parentheses and casts; *cast is the type of the innermost
 * explicit cast, what the bytes beneath are read as (the type of e if
 * none). */
static CXCursor strip_noting_cast(CXCursor e, CXType *cast)
{
	*cast = clang_getCursorType(e);
	for (CXCursor in = as_strip_layer(e); !clang_equalCursors(in, e); e = in, in = as_strip_layer(e))
		if (clang_getCursorKind(e) == CXCursor_CStyleCastExpr)
			*cast = clang_getCursorType(e);
	return e;
}

/* The destination's one definition when it is a local assigned once
 * (data = (char *)(h + 1); memcpy(data, s, n)), else the destination;
 * *cast as strip_noting_cast says. */
static CXCursor defined_dst(struct as_fn *fn, CXCursor dst, const char **local, CXType *cast)
{
	CXCursor m = strip_noting_cast(dst, cast);
	const struct as_local *l;
	CXString s;

	*local = NULL;
	if (clang_getCursorKind(m) != CXCursor_DeclRefExpr)
		return m;
	s = clang_getCursorSpelling(m);
	l = as_fn_local(fn, clang_getCString(s));
	clang_disposeString(s);
	if (!l || l->defs != 1 || l->kept || clang_Cursor_isNull(l->init))
		return m;
	*local = l->name;
	return strip_noting_cast(l->init, cast);
}

/* a and b are the same struct, qualifiers aside. */
static int same_record(CXType a, CXType b)
{
	return a.kind == CXType_Record && b.kind == CXType_Record &&
	       clang_equalCursors(clang_getTypeDeclaration(a), clang_getTypeDeclaration(b));
}

/* The payload right after a header: h + 1 where h points to a struct, read
 * as another type (Duktape's strings: (duk_uint8_t *)(res + 1)), or left
 * the header's type (or handed on as void *) but filled from another
 * type's buffer (Lua 5.1's strings: memcpy(ts + 1, str, l), str a char *). An element past the
 * first of an array of such structs, filled from such structs, is no
 * payload. Fills the header's size and the payload's element size. */
static CXCursor past_header(struct as_fn *fn, CXCursor m, CXType read_as, CXType src, long long *offset,
			    long long *elem)
{
	CXCursor kid[2];
	CXType hp, rec, pay;
	long long one;

	read_as = clang_getCanonicalType(read_as);
	pay = clang_getCanonicalType(clang_getPointeeType(read_as));
	if (read_as.kind != CXType_Pointer || clang_getCursorKind(m) != CXCursor_BinaryOperator ||
	    as_children(m, kid, 2) != 2 || strcmp(as_binop(fn->tu, m), "+") || !as_eval_int(kid[1], &one) || one != 1)
		return clang_getNullCursor();
	hp = clang_getCanonicalType(clang_getCursorType(kid[0]));
	rec = clang_getCanonicalType(clang_getPointeeType(hp));
	src = clang_getCanonicalType(clang_getPointeeType(clang_getCanonicalType(src)));
	if ((same_record(pay, rec) || pay.kind == CXType_Void) && src.kind != CXType_Invalid && src.kind != CXType_Void &&
	    !same_record(src, rec))
		pay = src;
	if (hp.kind != CXType_Pointer || rec.kind != CXType_Record || (*offset = clang_Type_getSizeOf(rec)) <= 0 ||
	    same_record(pay, rec) || (*elem = clang_Type_getSizeOf(pay)) <= 0)
		return clang_getNullCursor();
	return kid[0];
}

/* The block a copy's destination is the inline payload of: dst is an array
 * member of what a pointer points to (getstr(ts) is ts->contents), or the
 * bytes just past a struct the pointer points to, directly or through a
 * local assigned once (*local names it). Fills the pointer's key, the
 * payload's offset and its element size; NULL if the destination is no
 * such payload. */
static const char *payload_of(struct as_fn *fn, CXCursor dst, CXCursor src, long long *offset, long long *elem,
			      const char **local)
{
	CXType cast;
	CXCursor m = defined_dst(fn, dst, local, &cast), kid[1], hdr;
	CXType t = clang_getCanonicalType(clang_getCursorType(m));
	struct as_key *bk;
	long long bits;

	if (!clang_Cursor_isNull(hdr = past_header(fn, m, cast, clang_getCursorType(as_strip(src)), offset, elem))) {
		bk = as_fn_lvalue_key(fn, hdr);
		return bk->unknown || bk->op ? NULL : bk->text;
	}
	if (clang_getCursorKind(m) != CXCursor_MemberRefExpr || t.kind != CXType_ConstantArray ||
	    as_children(m, kid, 1) != 1 || clang_getCanonicalType(clang_getCursorType(kid[0])).kind != CXType_Pointer ||
	    (bits = clang_Cursor_getOffsetOfField(clang_getCursorReferenced(m))) < 0 || bits % 8)
		return NULL;
	bk = as_fn_lvalue_key(fn, kid[0]);
	if (bk->unknown || bk->op)
		return NULL;
	*offset = bits / 8;
	*elem = clang_Type_getSizeOf(clang_getArrayElementType(t));
	return bk->text;
}

/* The payload holds nothing but this copy: no other copy into the block
 * anywhere in the function (a concatenation), no write into the payload
 * between the allocation and the copy (the one definition of the local
 * that points at it, local, is no such write). */
static int sole_fill(struct as_fn *fn, int a, int c, const char *block, const char *dst, const char *local)
{
	for (int i = 0; i < fn->nev; i++) {
		const struct as_event *e = &fn->ev[i];
		if (i == c)
			continue;
		if (e->kind == AS_EV_CALL && e->call->rule && e->call->rule->role == AS_ROLE_COPY) {
			if (as_key_leaf_covered(block, as_fn_lvalue_key(fn, as_call_role(e->call, e->call->rule->dst))))
				return 0;
		} else if (i > a && i < c && (e->kind == AS_EV_ASSIGN || e->kind == AS_EV_INCDEC) && e->key &&
			   as_key_covers(dst, e->key) &&
			   !(local && e->kind == AS_EV_ASSIGN && !strcmp(e->key, local) && !strcmp(e->op, "="))) {
			return 0;
		}
	}
	return 1;
}

/* The local that points at the payload is set between the allocation a
 * and the copy c: set before, it points into an earlier block. */
static int defined_between(const struct as_fn *fn, int a, int c, const char *local)
{
	for (int i = a + 1; i < c; i++)
		if (fn->ev[i].kind == AS_EV_ASSIGN && fn->ev[i].key && !strcmp(fn->ev[i].key, local))
			return 1;
	return 0;
}

/* The allocation's size as the copy reads its own: a local is read the
 * same way at both (fn->subst_until), its name where its definition no
 * longer holds at the copy, its definition where it does (gawk's
 * purge_record: r = fields_arr[i] holds at the allocation, not past the
 * store r->stptr = ..., and r->stlen + 1 must still meet r->stlen). */
static struct as_key *pair_alloc_size(struct as_fn *fn, const struct as_call *alloc, const struct as_call *copy)
{
	struct as_key *k;

	fn->subst_until = copy->begin;
	k = as_call_size(fn, alloc);
	fn->subst_until = 0;
	return k;
}

/* Lua's internshrstr: a fresh object of header + n (+ a terminator) whose
 * inline payload is filled by a copy of n bytes. memdup cannot make such a
 * block; interning or sharing the string is the fix. */
static void payload_copy(struct as_fn *fn, struct as_sink *sink, int c)
{
	const struct as_call *copy = fn->ev[c].call, *alloc;
	struct as_key *csz, *asz, *kid[2];
	struct as_draft d = { 0 };
	long long offset = 0, elem = 0;
	const char *block, *dst, *local;
	char msg[1024];
	int a, fits = 0;

	if (!(block = payload_of(fn, as_call_role(copy, copy->rule->dst), as_call_role(copy, copy->rule->src), &offset,
				 &elem, &local)) ||
	    (a = as_alloc_paired(fn, c, fn->ev[c].region, block)) < 0)
		return;
	alloc = fn->ev[a].call;
	asz = pair_alloc_size(fn, alloc, copy);
	csz = as_call_size(fn, copy);
	for (int term = 0; term < 2 && !fits && csz && !csz->unknown; term++) {
		kid[0] = csz;
		kid[1] = as_key_num(fn->tu, offset + term * elem);
		fits = as_key_equal(fn->tu, asz, as_key_nary(fn->tu, "+", kid, 2));
	}
	dst = as_key_str(fn->tu, as_fn_lvalue_key(fn, as_call_role(copy, copy->rule->dst)));
	if (!fits || (local && !defined_between(fn, a, c, local)) || !sole_fill(fn, a, c, block, dst, local))
		return;
	draft(fn, a, c, &d);
	snprintf(msg, sizeof msg,
		 "'%s' is allocated by %s with a %lld-byte header and its payload '%s' then filled by %s from '%s': "
		 "the object is a copy of the source",
		 block, alloc->shown, offset, d.buffer, copy->shown, d.source);
	d.message = msg;
	d.fix = "manual";
	d.reason = "a copy into an object's payload: interning or sharing the string is the fix, not memdup";
	as_value_alloc_copy(fn, a, c, &d);
	as_emit(fn, sink, &d);
}

/* The base and index of an element store's target, p[n] or *(p + n)
 * (n + p, and p + n in parentheses, alike); 0 if lhs is neither. */
static int element_of(struct as_fn *fn, CXCursor lhs, CXCursor *base, CXCursor *index)
{
	CXCursor kid[2];
	int post;

	lhs = as_strip(lhs);
	if (clang_getCursorKind(lhs) == CXCursor_ArraySubscriptExpr && as_children(lhs, kid, 2) == 2) {
		*base = kid[0];
		*index = kid[1];
		return 1;
	}
	if (clang_getCursorKind(lhs) != CXCursor_UnaryOperator || strcmp(as_unop(fn->tu, lhs, &post), "*") ||
	    as_children(lhs, kid, 1) != 1)
		return 0;
	lhs = as_strip(kid[0]);
	if (clang_getCursorKind(lhs) != CXCursor_BinaryOperator || strcmp(as_binop(fn->tu, lhs), "+") ||
	    as_children(lhs, kid, 2) != 2)
		return 0;
	/* The pointer is the operand of pointer type. */
	int first = clang_getCanonicalType(clang_getCursorType(as_strip(kid[0]))).kind == CXType_Pointer;
	*base = first ? kid[0] : kid[1];
	*index = first ? kid[1] : kid[0];
	return 1;
}

/* strndup's shape (CPython's new_string): a block of n + 1 chars filled
 * by a copy of n and then terminated, p[n] = '\0' or *(p + n) = '\0', in
 * the copy's own straight-line region with no exit between; or a block of
 * size chars, a copy of size - 1 and p[size - 1] = '\0' (tinyscheme's
 * get-output-string). */
static int terminated_copy(struct as_fn *fn, int c, const char *dst, struct as_key *asz, struct as_key *csz)
{
	const struct as_event *ce = &fn->ev[c];
	const struct as_call *copy = ce->call;
	struct as_key *kid[2], *stale;
	CXType pt;

	if (!asz || !csz || asz->unknown || csz->unknown || copy->rule->size_is_strlen1 || copy->rule->field)
		return 0;
	pt = clang_getCanonicalType(clang_getCursorType(as_strip(as_call_role(copy, copy->rule->dst))));
	if (pt.kind != CXType_Pointer || clang_Type_getSizeOf(clang_getPointeeType(pt)) != 1)
		return 0;
	kid[0] = csz;
	kid[1] = as_key_num(fn->tu, 1);
	/* The block is one more than the copy: n + 1 and n, or size and
	 * size - 1 (the same value spelled from the block's side). */
	if (!as_key_equal(fn->tu, asz, as_key_nary(fn->tu, "+", kid, 2)) &&
	    !(csz->op && !strcmp(csz->op, "-") && csz->nkid == 2 && csz->kid[1]->is_num && csz->kid[1]->num == 1 &&
	      as_key_equal(fn->tu, asz, csz->kid[0])))
		return 0;
	/* n = strlen(s) is substituted at the copy but not after it (the
	 * copy wrote memory s may share); a local with one definition holds
	 * the same value at both, so the terminator's index is read the same
	 * way. */
	fn->subst_stale = 1;
	stale = as_call_size(fn, copy);
	fn->subst_stale = 0;
	for (int i = c + 1; i < fn->nev; i++) {
		const struct as_event *e = &fn->ev[i];
		CXCursor side[2], base, index;
		struct as_key *at;
		if (e->region != ce->region)
			continue;
		if (e->kind == AS_EV_EXIT)
			return 0;
		if (e->kind != AS_EV_ASSIGN || strcmp(e->op, "=") || clang_getCursorKind(e->cur) != CXCursor_BinaryOperator ||
		    as_children(e->cur, side, 2) != 2 || !element_of(fn, side[0], &base, &index) ||
		    strcmp(as_key_str(fn->tu, as_fn_lvalue_key(fn, base)), dst))
			continue;
		fn->subst_stale = 1;
		at = as_fn_size_key(fn, index);
		fn->subst_stale = 0;
		if (as_key_equal(fn->tu, as_fn_size_key(fn, index), csz) || as_key_equal(fn->tu, at, stale))
			return 1;
	}
	return 0;
}

/* True if the copy's size csz is a field (or other kept lvalue) stored
 * once between allocation event a and copy event c from an expression equal
 * to the allocation's size asz, with nothing written to the field or to an
 * operand of that expression after the store, nor a call made that the
 * packs do not know: nginx's "s.len = n; memcpy(s.data, src, s.len)" after
 * "s.data = alloc(n)". Locals are substituted by as_fn_size_key already. */
static int size_stored_between(struct as_fn *fn, int a, int c, const struct as_key *asz, const struct as_key *csz)
{
	int store = -1;
	struct as_key *rhs;

	if (!asz || !csz || csz->op || csz->is_num || csz->unknown || asz->unknown)
		return 0;
	for (int e = a + 1; e < c; e++) {
		const struct as_event *ev = &fn->ev[e];
		if (as_event_writes(ev) && ev->key &&
		    as_key_covers(ev->key, csz->text)) {
			if (store >= 0 || ev->kind != AS_EV_ASSIGN || strcmp(ev->op, "=") || clang_Cursor_isNull(ev->rhs))
				return 0;
			store = e;
		}
	}
	if (store < 0)
		return 0;
	rhs = as_fn_size_key(fn, fn->ev[store].rhs);
	if (!rhs || rhs->unknown || !as_key_equal(fn->tu, asz, rhs))
		return 0;
	for (int e = store + 1; e < c; e++) {
		const struct as_event *ev = &fn->ev[e];
		if (ev->kind == AS_EV_CALL && !ev->call->rule)
			return 0;
		if (as_event_writes(ev) && ev->key &&
		    as_key_leaf_covered(ev->key, rhs))
			return 0;
	}
	return 1;
}

/* The block itself (its pointer, not its bytes) is handed to a call or
 * stored at event e. */
static int block_escapes(struct as_fn *fn, const struct as_event *e, const char *dst)
{
	if (e->kind == AS_EV_CALL && !e->call->rule) {
		for (int i = 0; i < e->call->nargs; i++)
			if (!strcmp(as_key_str(fn->tu, as_fn_lvalue_key(fn, as_strip(e->call->arg[i]))), dst))
				return 1;
		return 0;
	}
	return e->kind == AS_EV_ASSIGN && !clang_Cursor_isNull(e->rhs) && e->key && strcmp(e->key, dst) &&
	       !strcmp(as_key_str(fn->tu, as_fn_lvalue_key(fn, as_strip(e->rhs))), dst);
}

/* A placeholder filled later: the block escapes (to a call, into memory)
 * before its source is made, so neither can the copy move up to the
 * allocation nor the allocation down to the copy (SQLite's window
 * rewrite: a table allocated for expressions to point at, then filled
 * from a result set built meanwhile). One step is no claim to make. */
static int placeholder(struct as_fn *fn, int a, int c, const char *dst, const struct as_key *src)
{
	int escaped = 0;

	for (int e = a + 1; e < c; e++) {
		const struct as_event *ev = &fn->ev[e];
		if (escaped && as_event_writes(ev) && ev->key && as_key_leaf_covered(ev->key, src))
			return 1;
		escaped |= block_escapes(fn, ev, dst);
	}
	return 0;
}

/* The copy's size, spelled as the allocation's, names a variable that is
 * set again between the allocation and the copy, on every path to the
 * copy (Vim's repl_cmdline:
 * new_cmdline = alloc(i); i = src - *cmdlinep; memmove(new_cmdline,
 * *cmdlinep, i), the first piece of a concatenation): alike in spelling
 * only, no copy of the block's size. */
static int size_set_between(struct as_fn *fn, int a, int c, const struct as_key *csz)
{
	/* The allocation's own arguments (Tcl_DStringLength(&v)) set nothing. */
	for (int e = a + 1; csz && e < c; e++) {
		const struct as_event *ev = &fn->ev[e];
		if (ev->seq > fn->ev[a].call->seq_end && as_event_writes(ev) && ev->key &&
		    as_key_leaf_covered(ev->key, csz) && as_region_within(fn, fn->ev[c].region, ev->region))
			return 1;
	}
	return 0;
}

/* A pair whose sizes are alike only in spelling, reported with the fix
 * refused for reason (the proof never sees it). */
static void emit_refused(struct as_fn *fn, struct as_sink *sink, int a, int c, const char *reason)
{
	const struct as_call *alloc = fn->ev[a].call, *copy = fn->ev[c].call;
	struct as_draft d = { 0 };
	char msg[1024];

	draft(fn, a, c, &d);
	snprintf(msg, sizeof msg, "'%s' is allocated by %s and then filled by %s from '%s'", d.buffer, alloc->shown,
		 copy->shown, d.source);
	d.message = msg;
	d.fix = "manual";
	d.reason = reason;
	as_value_alloc_copy(fn, a, c, &d);
	as_emit(fn, sink, &d);
}

void as_detect_alloc_copy(struct as_fn *fn, struct as_sink *sink)
{
	for (int c = 0; c < fn->nev; c++) {
		const struct as_event *ce = &fn->ev[c];
		const struct as_call *copy = ce->call, *alloc;
		struct as_key *dk, *sk, *asz, *csz, *lit;
		struct as_draft d = { 0 };
		const char *dst;
		char msg[1024];
		int a;

		if (ce->kind != AS_EV_CALL || !copy->rule || copy->rule->role != AS_ROLE_COPY)
			continue;
		dk = as_fn_lvalue_key(fn, as_call_role(copy, copy->rule->dst));
		sk = as_fn_lvalue_key(fn, as_call_role(copy, copy->rule->src));
		/* A string literal is no lvalue, and a source all the same. */
		if (dk->unknown || (sk->unknown && clang_getCursorKind(as_strip(as_call_role(copy, copy->rule->src))) !=
							   CXCursor_StringLiteral)) {
			if (has_alloc(fn))
				as_notice(fn, sink, copy->begin,
					  as_fix_say(fn, "the %s of %s is an expression the analysis cannot name: "
							 "not checked against an allocation",
						     dk->unknown ? "destination" : "source",
						     copy->shown));
			continue;
		}
		dst = as_key_str(fn->tu, dk);
		if (copy->rule->field) {
			/* A helper filling a field of its argument: ary_memcpy(ary, ...)
			 * writes ary->ptr. */
			size_t n = strlen(dst) + strlen(copy->rule->field) + 2;
			char *k = as_arena_alloc(&fn->tu->arena, n);
			snprintf(k, n, "%s.%s", dst, copy->rule->field);
			dst = k;
		}
		if (!strcmp(dst, as_key_str(fn->tu, sk)))
			continue;
		if ((a = as_alloc_paired(fn, c, ce->region, dst)) < 0) {
			payload_copy(fn, sink, c);
			continue;
		}
		if (placeholder(fn, a, c, dst, sk))
			continue;
		alloc = fn->ev[a].call;
		asz = pair_alloc_size(fn, alloc, copy);
		csz = as_call_size(fn, copy);
		/* A copy of no bytes copies nothing: Tcl's TclInitStringRep(o,
		 * "", 0) expands to a branch that never runs. */
		if ((csz && csz->is_num && csz->num == 0) ||
		    (as_key_equal(fn->tu, asz, csz) && size_set_between(fn, a, c, csz)))
			continue;
		/* strcpy of a literal: its sizeof is its strlen + 1. */
		if (!as_key_equal(fn->tu, asz, csz) && (lit = as_call_size_literal(fn, copy)) &&
		    as_key_equal(fn->tu, asz, lit))
			csz = lit;
		if (!as_key_equal(fn->tu, asz, csz) && terminated_copy(fn, c, dst, asz, csz)) {
			draft(fn, a, c, &d);
			snprintf(msg, sizeof msg,
				 "'%s' is allocated by %s with room for a terminator, then filled by %s from '%s' and "
				 "terminated: a strndup written out",
				 d.buffer, alloc->shown, copy->shown, d.source);
			d.message = msg;
			d.fix = "manual";
			d.reason = "the copy is one byte short of the block and the terminator is written after it: "
				   "memdup makes no terminated copy";
			as_value_alloc_copy(fn, a, c, &d);
			as_emit(fn, sink, &d);
			continue;
		}
		/* A literal with a NUL inside: sizeof counts the bytes after it,
		 * strcpy stops at it. */
		if (!as_key_equal(fn->tu, asz, csz) && (lit = as_call_size_literal(fn, copy)) &&
		    as_call_literal_bytes(copy) > 0 &&
		    as_key_equal(fn->tu, asz, as_key_num(fn->tu, as_call_literal_bytes(copy))) &&
		    as_call_literal_bytes(copy) != lit->num) {
			emit_refused(fn, sink, a, c,
				     as_fix_say(fn,
						"not rewritten: the literal's bytes hold a NUL its spelling may hide: %s "
						"copies %lld bytes of the %ld the block holds (line %u)",
						copy->shown, lit->num, as_call_literal_bytes(copy), as_event_line(ce)));
			continue;
		}
		/* Alike but for a conversion that may change the value: the
		 * copy may write fewer bytes than the block holds. */
		if (as_key_equal_but_conversions(fn->tu, asz, csz)) {
			emit_refused(fn, sink, a, c,
				     as_fix_say(fn,
						"not rewritten: the sizes differ by a conversion that may change the value "
						"('%s' at the allocation, '%s' at the copy, line %u)",
						as_call_size_text(fn, alloc), as_call_size_text(fn, copy), as_event_line(ce)));
			continue;
		}
		/* Equal only through a local's definition whose operands are
		 * written before the use: the size is stale there. */
		if (!as_key_equal(fn->tu, asz, csz)) {
			struct as_key *sa, *sc;
			fn->subst_stale = 1;
			sa = as_call_size(fn, alloc);
			sc = as_call_size(fn, copy);
			fn->subst_stale = 0;
			if (sa && sc && !sa->unknown && !sc->unknown && as_key_equal(fn->tu, sa, sc)) {
				draft(fn, a, c, &d);
				snprintf(msg, sizeof msg, "'%s' is allocated by %s and then filled by %s from '%s'",
					 d.buffer, alloc->shown, copy->shown, d.source);
				d.message = msg;
				d.fix = "manual";
				d.reason = as_fix_say(fn,
						      "not rewritten: the sizes are equal only through a local's "
						      "definition, and an operand of it is written (or may be, by a "
						      "call) between the definition and its use (size '%s', line %u; "
						      "the copy, line %u)",
						      as_call_size_text(fn, alloc), as_event_line(&fn->ev[a]),
						      as_event_line(ce));
				as_value_alloc_copy(fn, a, c, &d);
				as_emit(fn, sink, &d);
				continue;
			}
		}
		/* The size handed on through a field stored in between: the
		 * same bytes, reported; the fix is left to the reader, since the
		 * rewrite moves the copy to the allocation, before the store. */
		if (!as_key_equal(fn->tu, asz, csz) && size_stored_between(fn, a, c, asz, csz)) {
			emit_refused(fn, sink, a, c,
				     as_fix_say(fn,
						"not rewritten: the sizes are equal only through '%s', stored between the "
						"allocation and the copy (line %u)",
						as_call_size_text(fn, copy), as_event_line(ce)));
			continue;
		}
		/* A concatenation copies less than it allocates: not this rule. */
		if (!as_key_equal(fn->tu, asz, csz)) {
			if (!asz || !csz || asz->unknown || csz->unknown)
				as_notice(fn, sink, copy->begin,
					  as_fix_say(fn, "the sizes of %s (line %u) and %s could not be compared (an "
							 "expression the analysis cannot read): not reported",
						     alloc->shown,
						     as_event_line(&fn->ev[a]), copy->shown));
			continue;
		}
		draft(fn, a, c, &d);
		if (copy->rule->field)
			d.buffer = as_fill_template(fn, "$ptr->$src", copy->rule->field, d.buffer, "", "");
		snprintf(msg, sizeof msg, "'%s' is allocated by %s and then filled by %s from '%s': %s",
			 d.buffer, alloc->shown, copy->shown, d.source,
			 "allocate-and-copy in one step, or share the source");
		d.message = msg;
		as_fix_alloc_copy(fn, a, c, as_site_literal(fn, sink, alloc), &d);
		as_value_alloc_copy(fn, a, c, &d);
		as_emit(fn, sink, &d);
	}
	as_detect_alloc_copy_loops(fn, sink);
}
