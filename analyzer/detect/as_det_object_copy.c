/* as_det_object_copy.c - rule object-copy: a new object made from a copy of
 * another object's whole buffer (rb_ary_new_from_values(RARRAY_LEN(a),
 * RARRAY_CONST_PTR(a))), which the runtime's own copy-on-write can share
 * instead (its family's "share" template, sound by the invariant its pack
 * states). Reported only when the length and the pointer are proven to be
 * one object's: read by that family's accessors from the same expression,
 * free of side effects, directly or through locals defined once. */
#include "as_detect.h"
#include "as_proof.h"

#include <stdio.h>
#include <string.h>

/* What one argument of the copy was traced to. */
struct side {
	CXCursor obj;      /* the object the accessor reads */
	CXCursor via;      /* the accessor's call */
	const char *local; /* the last local on the way, or NULL */
};

/* A conversion from in to out that may change an integer's value. */
static int narrows(CXCursor out, CXCursor in)
{
	CXType to = clang_getCanonicalType(clang_getCursorType(out));
	CXType from = clang_getCanonicalType(clang_getCursorType(in));

	if (to.kind < CXType_Bool || to.kind > CXType_Int128 || from.kind < CXType_Bool || from.kind > CXType_Int128)
		return !clang_equalTypes(to, from);
	return clang_Type_getSizeOf(to) < clang_Type_getSizeOf(from);
}

/* Traces e to a call of the family's accessor of that role, through
 * parentheses, casts (for a length, none that narrows) and automatic locals
 * of the function defined once; 0 when found. */
static int trace(struct as_fn *fn, CXCursor e, enum as_role role, int family, struct side *s, int depth)
{
	CXCursor in, d;
	CXString sp;
	const struct as_rule *r;
	const struct as_local *l;
	char name[256];

	for (in = as_strip_layer(e); !clang_equalCursors(in, e); e = in, in = as_strip_layer(e))
		if (role == AS_ROLE_OBJECT_LEN && narrows(e, in))
			return -1;
	sp = clang_getCursorSpelling(e);
	snprintf(name, sizeof name, "%s", clang_getCString(sp));
	clang_disposeString(sp);
	if (clang_getCursorKind(e) == CXCursor_CallExpr) {
		const char *direct = as_tu_callee(fn->tu, e);
		r = as_tu_function(fn->tu, direct, strlen(direct));
		if (!r || r->role != role || r->family != family || r->object >= clang_Cursor_getNumArguments(e))
			return -1;
		s->via = e;
		s->obj = clang_Cursor_getArgument(e, (unsigned)r->object);
		return 0;
	}
	if (clang_getCursorKind(e) != CXCursor_DeclRefExpr || depth > 4)
		return -1;
	d = clang_getCursorReferenced(e);
	l = as_fn_local(fn, name);
	if (clang_getCursorKind(d) != CXCursor_VarDecl || !clang_equalCursors(clang_getCursorSemanticParent(d), fn->cur) ||
	    !l || l->defs != 1 || l->kept || clang_Cursor_isNull(l->init))
		return -1;
	s->local = l->name;
	return trace(fn, l->init, role, family, s, depth + 1);
}

/* Reading it twice may give two values: a call, a store, a volatile. */
static int unstable(CXCursor c, void *tu)
{
	return as_cursor_effect(c, tu) || clang_isVolatileQualifiedType(clang_getCursorType(c));
}

/* The event of the call at cursor c, or -1. */
static int event_of(struct as_fn *fn, CXCursor c)
{
	for (int i = 0; i < fn->nev; i++)
		if (fn->ev[i].kind == AS_EV_CALL && clang_equalCursors(fn->ev[i].call->cur, c))
			return i;
	return -1;
}

/* The last event inside the call of event ci (its arguments'). */
static int call_end(struct as_fn *fn, int ci)
{
	int hi = ci;

	while (hi + 1 < fn->nev && fn->ev[hi + 1].seq <= fn->ev[ci].call->seq_end)
		hi++;
	return hi;
}

/* The event that defines local name (its one assignment), or -1. */
static int def_of(struct as_fn *fn, const char *name)
{
	for (int i = 0; name && i < fn->nev; i++)
		if (fn->ev[i].kind == AS_EV_ASSIGN && fn->ev[i].key && !strcmp(fn->ev[i].key, name))
			return i;
	return -1;
}

static unsigned off_of(CXCursor c)
{
	CXFile f;
	unsigned off = 0;

	as_loc_file(clang_getRangeStart(clang_getCursorExtent(c)), &f, &off);
	return off;
}

#define MAX_NAMES 16

/* The declarations the expression's names refer to, in order. */
struct names {
	CXCursor decl[MAX_NAMES];
	int n, memory; /* memory: it reads through a pointer, a field or an element */
};

static enum CXChildVisitResult collect(CXCursor c, CXCursor parent, CXClientData data)
{
	struct names *s = data;
	enum CXCursorKind k = clang_getCursorKind(c);

	(void)parent;
	if (k == CXCursor_DeclRefExpr) {
		if (s->n == MAX_NAMES)
			return CXChildVisit_Break;
		s->decl[s->n++] = clang_getCanonicalCursor(clang_getCursorReferenced(c));
	} else if (k == CXCursor_MemberRefExpr || k == CXCursor_ArraySubscriptExpr || k == CXCursor_UnaryOperator) {
		s->memory = 1;
	}
	return CXChildVisit_Recurse;
}

static void names_of(CXCursor e, struct names *s)
{
	s->n = s->memory = 0;
	if (collect(e, clang_getNullCursor(), s) == CXChildVisit_Recurse)
		clang_visitChildren(e, collect, s);
	if (s->n == MAX_NAMES)
		s->memory = 1; /* too many to follow: treat it as memory */
}

static int same_names(const struct names *a, const struct names *b)
{
	if (a->n != b->n)
		return 0;
	for (int i = 0; i < a->n; i++)
		if (!clang_equalCursors(a->decl[i], b->decl[i]))
			return 0;
	return 1;
}

/* The variable a store's target is, or a null cursor for memory reached
 * through a pointer, a field or an element. */
static CXCursor stored_var(const struct as_event *e)
{
	CXCursor kid[2], t;

	if (as_children(e->cur, kid, 2) < 1)
		return clang_getNullCursor();
	t = as_strip(kid[0]);
	if (clang_getCursorKind(t) != CXCursor_DeclRefExpr)
		return clang_getNullCursor();
	return clang_getCanonicalCursor(clang_getCursorReferenced(t));
}

/* True if the address of the variable named key is taken in the function. */
static int address_taken(struct as_fn *fn, const char *key)
{
	for (int i = 0; i < fn->nev; i++)
		if (fn->ev[i].kind == AS_EV_ADDR && fn->ev[i].key && !strcmp(fn->ev[i].key, key))
			return 1;
	return 0;
}

/* True if store event e may change what the object expression reads. */
static int store_hits(struct as_fn *fn, const struct as_event *e, const struct names *obj)
{
	CXCursor v;

	if (clang_getCursorKind(e->cur) == CXCursor_VarDecl)
		return 0; /* a new variable: the object cannot name it yet */
	if (e->kind == AS_EV_ADDR)
		return 1; /* an alias made here may be written later */
	v = stored_var(e);
	if (clang_Cursor_isNull(v))
		return 1;
	for (int i = 0; i < obj->n; i++)
		if (clang_equalCursors(v, obj->decl[i]))
			return 1;
	return obj->memory && (!e->key || address_taken(fn, e->key));
}

struct label_walk {
	unsigned from, to;
	unsigned line;
};

static enum CXChildVisitResult find_label(CXCursor c, CXCursor parent, CXClientData data)
{
	struct label_walk *w = data;
	unsigned off = off_of(c);

	(void)parent;
	if (clang_getCursorKind(c) == CXCursor_LabelStmt && off > w->from && off < w->to) {
		clang_getExpansionLocation(clang_getRangeStart(clang_getCursorExtent(c)), NULL, &w->line, NULL, NULL);
		return CXChildVisit_Break;
	}
	return CXChildVisit_Recurse;
}

/* Why the object may change between the first read of its length or
 * pointer (event lo) and the copy (events up to hi), or NULL: only the
 * family's accessors and the packs' read-only functions are called there,
 * nothing stores to a variable the object expression names, no loop lies
 * between a read through a local and the copy, and no label lets another
 * path in. */
static const char *changes(struct as_fn *fn, const struct as_call *call, int ci, const struct side *len,
			   const struct side *ptr, const struct names *obj)
{
	const struct side *sides[2] = { len, ptr };
	int lo = ci, hi = call_end(fn, ci);
	struct label_walk lw = { 0, call->begin, 0 };

	for (int k = 0; k < 2; k++) {
		int a = event_of(fn, sides[k]->via), d = def_of(fn, sides[k]->local);
		if (a >= 0 && a < lo)
			lo = a;
		if (sides[k]->local && (d < 0 || !as_region_within(fn, fn->ev[ci].region, fn->ev[d].region)))
			return as_fix_say(fn, "'%s' is set on a path that does not reach the copy every time",
					  sides[k]->local);
		if (sides[k]->local && as_region_loop_between(fn, fn->ev[ci].region, fn->ev[d].region))
			return as_fix_say(fn, "'%s' is read before the loop at line %u that makes the copy, which may "
					      "change it on an earlier pass",
					  as_fn_text(fn, sides[k]->obj),
					  fn->regions[as_region_loop(fn, fn->ev[ci].region)].line);
	}
	for (int i = lo; i <= hi; i++) {
		const struct as_event *e = &fn->ev[i];
		if (e->kind == AS_EV_CALL && i != ci) {
			const struct as_rule *r = e->call->rule;
			if (r && (r->role == AS_ROLE_READ ||
				  ((r->role == AS_ROLE_OBJECT_LEN || r->role == AS_ROLE_OBJECT_PTR) &&
				   r->family == call->rule->family)))
				continue;
			return as_fix_say(fn, "a call to %s() between reading '%s' and the copy may change it (line %u)",
					  e->call->shown, as_fn_text(fn, len->obj), as_event_line(e));
		}
		if (as_event_writes(e) &&
		    store_hits(fn, e, obj))
			return as_fix_say(fn, "'%s' is written between reading '%s' and the copy (line %u)",
					  e->key ? e->key : as_fn_text(fn, e->cur), as_fn_text(fn, len->obj), as_event_line(e));
	}
	lw.from = off_of(fn->ev[lo].cur);
	clang_visitChildren(fn->cur, find_label, &lw);
	if (lw.line)
		return as_fix_say(fn, "a label between reading '%s' and the copy (line %u) lets another path reach the copy",
				  as_fn_text(fn, len->obj), lw.line);
	return NULL;
}

/* True if local name is read anywhere but in event range [b, e]. */
static int used_elsewhere(struct as_fn *fn, const char *name, int b, int e)
{
	for (int i = 0; i < fn->nev; i++)
		if ((i < b || i > e) && fn->ev[i].kind == AS_EV_USE && fn->ev[i].key && !strcmp(fn->ev[i].key, name))
			return 1;
	return 0;
}

/* The share fix, or the reason there is none. */
static void fix(struct as_fn *fn, struct as_sink *sink, const struct as_call *call, int ci, const struct side *len,
		const struct side *ptr, const struct names *obj, struct as_draft *d)
{
	const struct as_family *fam = as_call_family(fn, call);
	static const char *const names[] = { "obj", "len", "site" };
	const char *values[3], *why;
	int hi = call_end(fn, ci);

	d->fix = "manual";
	if ((why = changes(fn, call, ci, len, ptr, obj)))
		d->reason = why;
	else if (!fam->share)
		d->reason = as_fix_say(fn, "the %s family has no share template in its rule pack", fam->name);
	else if (call->body_macro || call->macro)
		d->reason = as_fix_say(fn, "the call is inside the body of macro %s",
				       call->body_macro ? call->body_macro : call->macro);
	else if (as_fn_directive_line(fn, call->begin, call->end))
		d->reason = as_fix_say(fn, "a preprocessor directive lies inside the call (line %u)",
				       as_fn_directive_line(fn, call->begin, call->end));
	else if (!as_cursor_user_written(fn->tu, len->obj) || !as_cursor_user_written(fn->tu, ptr->obj))
		d->reason = as_fix_say(fn, "the object '%s' is written inside a macro body", as_fn_text(fn, ptr->obj));
	else if ((why = as_proof_hygiene(fn, call->begin, ptr->obj, "the copy")))
		d->reason = why;
	else if (ptr->local && !used_elsewhere(fn, ptr->local, ci, hi))
		d->reason = as_fix_say(fn, "the share would leave '%s' unused: remove it with the copy by hand", ptr->local);
	else {
		values[0] = as_fn_text(fn, ptr->obj);
		values[1] = as_call_role_text(fn, call, call->rule->count);
		values[2] = as_site_literal(fn, sink, call);
		d->fix = "share";
		d->fix_text = as_fill_places(fn, fam->share, names, values, 3);
		d->reason = as_fix_say(fn, "the runtime's own copy-on-write is sound here: %s", fam->invariant);
		if (as_fix_edit(fn, d, call->begin, call->end, d->fix_text))
			as_fix_refuse_edits(d);
	}
}

/* The length and pointer of object-copy event i traced to one object. */
static int one_object(struct as_fn *fn, int i, struct side *len, struct side *ptr, struct names *nl)
{
	const struct as_call *c = fn->ev[i].kind == AS_EV_CALL ? fn->ev[i].call : NULL;
	const struct as_rule *r = c ? c->rule : NULL;
	struct as_key *kl, *kp;
	struct names np;
	CXType want, got;

	if (!r || r->role != AS_ROLE_OBJECT_COPY || r->count >= c->nargs || r->src >= c->nargs ||
	    trace(fn, c->arg[r->count], AS_ROLE_OBJECT_LEN, r->family, len, 0) ||
	    trace(fn, c->arg[r->src], AS_ROLE_OBJECT_PTR, r->family, ptr, 0))
		return 0;
	/* The same expression, naming the same declarations, read twice to
	 * the same value; the pointer's elements those the constructor counts. */
	kl = as_fn_lvalue_key(fn, len->obj);
	kp = as_fn_lvalue_key(fn, ptr->obj);
	names_of(len->obj, nl);
	names_of(ptr->obj, &np);
	want = clang_getPointeeType(clang_getCanonicalType(clang_getCursorType(c->arg[r->src])));
	got = clang_getPointeeType(clang_getCanonicalType(clang_getCursorType(ptr->via)));
	return !kl->unknown && !kp->unknown && as_key_equal(fn->tu, kl, kp) && same_names(nl, &np) &&
	       !as_subtree_any(len->obj, unstable, fn->tu) && !as_subtree_any(ptr->obj, unstable, fn->tu) &&
	       clang_Type_getSizeOf(want) > 0 && clang_Type_getSizeOf(want) == clang_Type_getSizeOf(got);
}

int as_object_copy_whole(struct as_fn *fn, int i)
{
	struct side len = { 0 }, ptr = { 0 };
	struct names nl;

	return one_object(fn, i, &len, &ptr, &nl);
}

void as_detect_object_copy(struct as_fn *fn, struct as_sink *sink)
{
	for (int i = 0; i < fn->nev; i++) {
		const struct as_call *c = fn->ev[i].call;
		struct side len = { 0 }, ptr = { 0 };
		struct names nl;
		struct as_draft d = { 0 };

		if (!one_object(fn, i, &len, &ptr, &nl))
			continue;
		d.at = c;
		d.alloc = c; /* one call makes the object and copies into it */
		d.source = as_fn_text(fn, ptr.obj);
		d.size = as_call_role_text(fn, c, c->rule->count);
		d.family = as_call_family(fn, c)->name;
		d.loop = as_region_loop(fn, fn->ev[i].region);
		d.message = as_fix_say(fn, "%s copies the whole buffer of '%s' into a new object: the runtime can share it",
				       c->shown, d.source);
		fix(fn, sink, c, i, &len, &ptr, &nl, &d);
		as_value_object_copy(fn, &d);
		as_emit(fn, sink, &d);
	}
}
