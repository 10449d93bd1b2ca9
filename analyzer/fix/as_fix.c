/* as_fix.c - which fix class a finding qualifies for (DESIGN.md, "Fix
 * classes"), proven from the function's facts; anything not proven is
 * "manual" with the reason in words. When in doubt: manual. */
#include "as_fix.h"
#include "as_capacity.h"
#include "as_proof.h"
#include "as_readonly.h"
#include "as_share.h"

#include <stdio.h>
#include <string.h>

/* Removes the statement a call is, with its ";": whole lines when it stands
 * alone on them (left empty: the lines after keep their numbers), else the
 * statement and the blanks after it (or before it, at a line's end), so
 * that "{ p = malloc(n); memcpy(p, s, n); return p; }" reads as written.
 * Where the call is the whole body of an if, an else or a label it becomes
 * "(void)0", which keeps a statement there. -1 if the edit cannot be added. */
static int remove_statement(struct as_fn *fn, const struct as_call *c, int own_block, struct as_draft *d)
{
	size_t b = c->begin, e = as_lex_skip_blank(fn->buf, fn->len, c->end);

	size_t lb = b;

	while (lb > 0 && (fn->buf[lb - 1] == ' ' || fn->buf[lb - 1] == '\t'))
		lb--;
	/* After a label or an else the statement must stay. */
	if (own_block && e < fn->len && fn->buf[e] == ';' &&
	    (lb == 0 || strchr("\n;{}", fn->buf[lb - 1]))) {
		size_t le = e + 1;
		/* A CRLF line ends at its '\n' too. */
		while (le < fn->len && (fn->buf[le] == ' ' || fn->buf[le] == '\t' ||
					(fn->buf[le] == '\r' && le + 1 < fn->len && fn->buf[le + 1] == '\n')))
			le++;
		if ((lb == 0 || fn->buf[lb - 1] == '\n') && (le == fn->len || fn->buf[le] == '\n'))
			return as_fix_edit(fn, d, (unsigned)lb, (unsigned)(le < fn->len ? le + 1 : le), "");
		if (le < fn->len && fn->buf[le] != '\n')
			return as_fix_edit(fn, d, (unsigned)b, (unsigned)le, "");
		return as_fix_edit(fn, d, (unsigned)lb, (unsigned)(e + 1), "");
	}
	return as_fix_edit(fn, d, c->begin, c->end, "(void)0");
}

/* True if the value of key k carries the pointer dst: dst itself, dst + i,
 * &dst[i], a cast of those; not a read through it such as dst[i] or *dst. */
static int carries(const struct as_key *k, const char *dst)
{
	if (!k->op)
		return !strcmp(k->text, dst);
	if (!strcmp(k->op, "u&"))
		return as_key_covers(dst, k->kid[0]->op ? "" : k->kid[0]->text);
	if (!strcmp(k->op, "u*") || !strcmp(k->op, "call"))
		return 0;
	for (int i = 0; i < k->nkid; i++)
		if (carries(k->kid[i], dst))
			return 1;
	return 0;
}

static int mentions(struct as_fn *fn, CXCursor e, const char *key)
{
	return !clang_Cursor_isNull(e) && carries(as_fn_lvalue_key(fn, e), key);
}

/* True if lvalue lv is memory reached through a pointer that carries dst,
 * however the access is spelled: *p, *(1 + p - 1), 0[p], (p + 1)[-1],
 * p->m, and the parts of those (S2). The event's key names only p[i]. */
static int through_copy(struct as_fn *fn, CXCursor lv, const char *dst)
{
	CXCursor kid[2];
	int post;

	for (int depth = 0; depth < 64; depth++) {
		lv = as_strip(lv);
		switch (clang_getCursorKind(lv)) {
		case CXCursor_ArraySubscriptExpr:
			if (as_children(lv, kid, 2) != 2 || mentions(fn, kid[0], dst) || mentions(fn, kid[1], dst))
				return 1;
			break;
		case CXCursor_MemberRefExpr:
			/* s.m is part of s; p->m is memory p points to. */
			if (as_children(lv, kid, 1) != 1 || mentions(fn, kid[0], dst))
				return 1;
			break;
		case CXCursor_UnaryOperator:
			if (strcmp(as_unop(fn->tu, lv, &post), "*"))
				return 0;
			if (as_children(lv, kid, 1) != 1 || mentions(fn, kid[0], dst))
				return 1;
			break;
		default:
			return 0;
		}
		lv = kid[0];
	}
	return 1;
}

/* True if assignment or increment e stores through the copy dst. */
static int written_through(struct as_fn *fn, const struct as_event *e, const char *dst)
{
	CXCursor kid[2];
	enum CXCursorKind k = clang_getCursorKind(e->cur);

	/* A declaration's initialiser stores into the variable declared. */
	if (k == CXCursor_VarDecl)
		return 0;
	return as_children(e->cur, kid, 2) < 1 || through_copy(fn, kid[0], dst);
}

/* True if src's bytes can never change: a string literal, a const array of
 * static storage, or a const pointer to const initialised (up to depth
 * pointers deep) by such a source. */
static int immutable_within(CXCursor src, int depth)
{
	CXCursor d, def, kid[4];
	CXType t;
	int n;

	src = as_strip(src);
	if (clang_getCursorKind(src) == CXCursor_StringLiteral)
		return 1;
	if (clang_getCursorKind(src) != CXCursor_DeclRefExpr)
		return 0;
	d = clang_getCursorReferenced(src);
	if (clang_getCursorKind(d) != CXCursor_VarDecl)
		return 0;
	if (clang_Cursor_getStorageClass(d) != CX_SC_Static &&
	    clang_getCursorKind(clang_getCursorSemanticParent(d)) != CXCursor_TranslationUnit)
		return 0;
	t = clang_getCursorType(d);
	if (t.kind == CXType_ConstantArray || t.kind == CXType_IncompleteArray)
		return clang_isConstQualifiedType(clang_getArrayElementType(t));
	/* A pointer that can be neither redirected nor written through is
	 * immutable only when what it points at is: a pointer to const may
	 * point at an array the program writes (its initializer, in this
	 * unit, must itself be an immutable source). */
	if (t.kind != CXType_Pointer || !clang_isConstQualifiedType(t) ||
	    !clang_isConstQualifiedType(clang_getPointeeType(t)) || depth <= 0)
		return 0;
	def = clang_getCursorDefinition(d);
	if (clang_Cursor_isNull(def))
		return 0;
	n = as_children(def, kid, 4);
	return n > 0 && n <= 4 && clang_isExpression(clang_getCursorKind(kid[n - 1])) &&
	       immutable_within(kid[n - 1], depth - 1);
}

/* Pointers initialised by pointers: C's constant initialisers cannot loop,
 * the bound only guards against an AST recovered from errors. */
static int is_immutable_source(CXCursor src)
{
	return immutable_within(src, 8);
}

/* True if src names a const pointer to const of static storage: its type
 * alone would allow a share, so a refusal says why. */
static int const_pointer_source(CXCursor src)
{
	CXCursor d;
	CXType t;

	src = as_strip(src);
	if (clang_getCursorKind(src) != CXCursor_DeclRefExpr)
		return 0;
	d = clang_getCursorReferenced(src);
	if (clang_getCursorKind(d) != CXCursor_VarDecl ||
	    (clang_Cursor_getStorageClass(d) != CX_SC_Static &&
	     clang_getCursorKind(clang_getCursorSemanticParent(d)) != CXCursor_TranslationUnit))
		return 0;
	t = clang_getCursorType(d);
	return t.kind == CXType_Pointer && clang_isConstQualifiedType(t) &&
	       clang_isConstQualifiedType(clang_getPointeeType(t));
}

/* True if dst names a variable declared with an attribute: cleanup(fn)
 * runs fn on it at the end of its scope, a free the share cannot rewrite;
 * libclang does not say which attribute, so any counts. */
static int has_attribute(CXCursor dst)
{
	CXCursor d = clang_getCursorReferenced(as_strip(dst)), kid[8];
	int n;

	if (clang_Cursor_isNull(d) || clang_getCursorKind(d) != CXCursor_VarDecl)
		return 0;
	n = as_children(d, kid, 8);
	for (int i = 0; i < n && i < 8; i++)
		if (clang_isAttribute(clang_getCursorKind(kid[i])))
			return 1;
	return 0;
}

/* The role of a call written as a function call whose text, which the fix
 * spells, is not its expression; NULL when every one is. A pack macro's
 * roles are its arguments as written. */
static const char *unspelled_role(const struct as_call *c, const int *roles, const char *const *names, int n)
{
	if (c->macro)
		return NULL;
	for (int i = 0; i < n; i++) {
		CXCursor a = as_call_role(c, roles[i]);
		CXFile f;
		unsigned at = 0, call = 0;
		if (clang_Cursor_isNull(a))
			continue;
		/* As as_call_role_text: a macro's cast starting at the
		 * invocation, before the call, gives way to what it casts. */
		as_loc_file(clang_getRangeStart(clang_getCursorExtent(a)), &f, &at);
		as_loc_file(clang_getRangeStart(clang_getCursorExtent(c->cur)), &f, &call);
		if (as_cursor_ends_in_macro_arg(a) || (at <= call && as_cursor_ends_in_macro_arg(as_strip(a))))
			return names[i];
	}
	return NULL;
}

/* The location an assignment event stores into, as the user wrote it. */
static const char *store_target(struct as_fn *fn, const struct as_event *e)
{
	CXCursor kid[2];

	return as_children(e->cur, kid, 2) == 2 ? as_fn_text(fn, kid[0]) : e->key;
}

/* True if event e reads, passes, stores or changes dst. */
static int touches(struct as_fn *fn, const struct as_event *e, const char *dst)
{
	if (e->key && as_key_covers(dst, e->key))
		return 1;
	if (mentions(fn, e->rhs, dst))
		return 1;
	if (e->kind == AS_EV_CALL)
		for (int j = 0; j < e->call->nargs; j++)
			if (mentions(fn, e->call->arg[j], dst))
				return 1;
	return 0;
}

static unsigned own_definition(struct as_fn *fn, const struct as_call *c, int *label);
static const char *defined_elsewhere(struct as_fn *fn, const struct as_call *c, const char *what);

/* Why the copy cannot be a copy-on-write reference, or NULL: every use of
 * it after the copy must be a read or its family's free, or its one store
 * into another location (*stored: its event, -1 if none), after which the
 * copy is no longer used here. */
static const char *share_reason(struct as_fn *fn, int c, const char *dst, const struct as_family *fam,
				const struct as_call **frees, int *nfrees, int maxfrees, int *stored)
{
	const struct as_call *copy = fn->ev[c].call;
	const unsigned char *live = as_proof_live(fn, copy, dst);
	const char *why;

	*stored = -1;
	if (!live)
		return "the analysis cannot follow the copy's uses";
	if ((why = as_proof_share_uses(fn, live, dst)))
		return why;
	/* Every event the share may be seen from: after the copy, and through
	 * a loop's back edge before it, until dst takes a new value. */
	for (int i = 0; i < fn->nev; i++) {
		const struct as_event *e = &fn->ev[i];
		if (i == c || !as_proof_event_in(fn, live, copy, dst, i))
			continue;
		/* Used after the store, the copy would be one buffer seen through
		 * two locations, which a private copy made for one would split. */
		if (*stored >= 0 && touches(fn, e, dst))
			return as_fix_say(fn, "the copy is used after it is stored in '%s' (line %u)",
					  store_target(fn, &fn->ev[*stored]), as_event_line(e));
		switch (e->kind) {
		case AS_EV_ASSIGN:
		case AS_EV_INCDEC:
			if (e->key && !strcmp(e->key, dst))
				return as_fix_say(fn, "'%s' is reassigned while the copy lives (line %u)", dst, as_event_line(e));
			if (!e->key || as_key_covers(dst, e->key) || written_through(fn, e, dst))
				return as_fix_say(fn, "the copy is written through '%s' (line %u)", e->key ? e->key : "?", as_event_line(e));
			if (mentions(fn, e->rhs, dst)) {
				/* Only the pointer itself, stored once: "x = s", not "x = s + 1". */
				if (e->kind != AS_EV_ASSIGN || strcmp(e->op, "=") || *stored >= 0 ||
				    strcmp(as_key_str(fn->tu, as_fn_lvalue_key(fn, e->rhs)), dst))
					return as_fix_say(fn, "the copy is stored in '%s' (line %u)", e->key, as_event_line(e));
				*stored = i;
			}
			break;
		case AS_EV_ADDR:
			if (as_key_covers(dst, e->key))
				return as_fix_say(fn, "the address of '%s' is taken (line %u)", dst, as_event_line(e));
			break;
		case AS_EV_RETURN:
			if (mentions(fn, e->rhs, dst))
				return as_fix_say(fn, "the copy is returned (line %u)", as_event_line(e));
			break;
		case AS_EV_CALL: {
			const struct as_call *k = e->call;
			for (int j = 0; j < k->nargs; j++) {
				if (!mentions(fn, k->arg[j], dst))
					continue;
				if (k->rule && k->rule->role == AS_ROLE_FREE && j == k->rule->ptr &&
				    as_family_frees_with(fam, k->rule->name) && !k->body_macro) {
					int label;
					unsigned own = own_definition(fn, k, &label);
					/* The release stands in for the library's free. */
					if (own)
						return as_fix_say(fn,
								  label ? "%s() is bound to another symbol by an asm label in "
									  "this unit (line %u): a release would skip the call"
									: "%s() is defined in this unit (line %u): a release "
									  "would skip the call",
								  k->callee, own);
					if ((why = defined_elsewhere(fn, k, "a release would skip the call")))
						return why;
					if (*nfrees == maxfrees)
						return as_fix_say(fn, "the copy is freed in more than %d places", maxfrees);
					frees[(*nfrees)++] = k;
					continue;
				}
				/* A const parameter is no proof (strchr returns a writable
				 * pointer into its argument): only the packs' read-only
				 * functions may see a shared copy. */
				if (!k->macro && k->rule && k->rule->role == AS_ROLE_READ) {
					const char *why = as_call_not_read_only(fn->tu, k->cur, k->rule);
					if (!why)
						continue;
					return as_fix_say(fn, "the copy is passed to %s(), which may write: %s (line %u)", k->shown,
							  why, as_event_line(e));
				}
				return as_fix_say(fn, "the copy is passed to %s(), which the rule packs do not declare read-only "
						      "(line %u)",
						  k->shown, as_event_line(e));
			}
			break;
		}
		case AS_EV_USE:
		case AS_EV_EXIT:
			break;
		}
	}
	return NULL;
}

/* Why a copy stored by event s cannot stay shared in its location, or
 * NULL with the location's edits added to d. */
static const char *stored_reason(struct as_fn *fn, int a, int c, int s, const char *dst, const struct as_family *fam,
				 const char *site, const char *size, struct as_draft *d)
{
	const struct as_call *alloc = fn->ev[a].call, *copy = fn->ev[c].call;
	const struct as_local *l = as_fn_local(fn, dst);
	const struct as_event *e = &fn->ev[s];
	const char *why = NULL;

	if (l->defs != 1)
		why = as_fix_say(fn, "'%s' is assigned more than once", dst);
	else if (!as_region_within(fn, e->region, fn->ev[a].region) || as_region_loop_between(fn, e->region, fn->ev[a].region))
		why = "it may be stored more than once (a loop between the allocation and the store)";
	else if (copy->macro || alloc->rule->count != AS_NO_ARG)
		why = "its size is not written as one expression";
	else
		why = as_share_stored(fn, e, fam,
				      as_call_role(copy, copy->rule->size_is_strlen1 ? copy->rule->src : copy->rule->size),
				      size, site, d);
	return why ? as_fix_say(fn, "the copy is stored in '%s' (line %u): %s", store_target(fn, e), as_event_line(e), why)
		   : NULL;
}

/* The byte count of a counted call (calloc, ruby_xmalloc2, ALLOC_N,
 * REALLOC_N) through its family's checked multiply, which raises or fails
 * on overflow as the call itself does. */
static const char *checked_size(struct as_fn *fn, const struct as_call *c, const struct as_family *fam)
{
	const char *elem = c->rule->type != AS_NO_ARG
				   ? as_fill_template(fn, "sizeof($src)", as_call_role_text(fn, c, c->rule->type), "", "", "")
				   : as_call_role_text(fn, c, c->rule->size);

	return as_fill_template(fn, fam->mul, elem, "", as_call_role_text(fn, c, c->rule->count), "");
}

/* The line of the unit's own definition of the C library function call c
 * calls, or 0 when the function is the library's (defined nowhere in the
 * unit, or in a system header, as glibc's inline _FORTIFY_SOURCE wrappers
 * are): a unit that defines one of the library's names (memcpy reversed, a
 * counting malloc) calls its own, which a fix that drops the call would
 * not. So does a unit that declares the name with an asm label of its own
 * (`void *memcpy(...) __asm__("rev_copy")`): the call is to that symbol;
 * *label then says so. An alias attribute on a declaration of the name
 * makes the symbol the unit's own function, as a definition does. */
static unsigned own_definition(struct as_fn *fn, const struct as_call *c, int *label)
{
	CXCursor decl = clang_getCursorReferenced(c->cur);
	unsigned line = 0;

	*label = 0;
	/* A project's pack describes the project's own functions (Ruby's
	 * static inline ruby_nonempty_memcpy), defined where it is scanned. */
	if (!c->rule || !c->rule->library || clang_getCursorKind(decl) != CXCursor_FunctionDecl)
		return 0;
	if (as_asm_label(decl, NULL, &line) && line) {
		*label = 1;
		return line;
	}
	return as_unit_rebinds(fn->tu, decl);
}

/* Why the library function c calls is not the one a fix stands in for
 * (what, the end of the sentence): another unit of the program defines it,
 * and the linker binds this unit's calls to that one; NULL if none does. */
static const char *defined_elsewhere(struct as_fn *fn, const struct as_call *c, const char *what)
{
	if (!c->rule || !c->rule->library || !as_tu_program_defines(fn->tu, c->callee))
		return NULL;
	return as_fix_say(fn, "%s() is defined by another unit of the program, which the linker binds this unit's calls to: %s",
			  c->callee, what);
}

void as_fix_alloc_copy(struct as_fn *fn, int a, int c, const char *site, struct as_draft *d)
{
	const struct as_call *alloc = fn->ev[a].call, *copy = fn->ev[c].call;
	const struct as_family *fam = as_call_family(fn, alloc);
	struct as_key *dk = as_fn_lvalue_key(fn, as_call_role(copy, copy->rule->dst));
	struct as_key *sk = as_fn_lvalue_key(fn, as_call_role(copy, copy->rule->src));
	const char *dst = as_key_str(fn->tu, dk), *why = NULL, *size = d->size, *elsewhere;
	int copy_label, alloc_label;
	unsigned copy_own = own_definition(fn, copy, &copy_label), alloc_own = own_definition(fn, alloc, &alloc_label);

	d->fix = "manual";
	if (alloc->rule->summary || copy->rule->summary) {
		const struct as_rule *h = alloc->rule->summary ? alloc->rule : copy->rule;
		/* A helper of another unit carries its file as its pack. */
		const char *file = strrchr(h->pack, '/');
		if (h->pack[0] == '(')
			why = as_fix_say(fn, "%s() is a helper of this unit: the fix belongs inside it", h->shown_as);
		else
			why = as_fix_say(fn, "%s() is a helper defined in %s: the fix belongs inside it", h->shown_as,
					 file ? file + 1 : h->pack);
	} else if (!fam)
		why = as_fix_say(fn, "%s belongs to no allocation family of the rule packs", alloc->shown);
	else if (!fam->memdup)
		why = as_fix_say(fn, "the %s family has no memdup fix in its rule pack", fam->name);
	else if (alloc->body_macro)
		why = as_fix_say(fn, "the allocation is inside the body of macro %s", alloc->body_macro);
	else if (copy->body_macro)
		why = as_fix_say(fn, "the copy is inside the body of macro %s", copy->body_macro);
	else if (copy_own)
		why = as_fix_say(fn,
				 copy_label ? "%s() is bound to another symbol by an asm label in this unit (line %u), not "
					      "the library's copy the fix stands in for"
					    : "%s() is defined in this unit (line %u), not the library's copy the fix stands in for",
				 copy->callee, copy_own);
	else if ((elsewhere = defined_elsewhere(fn, copy, "not the library's copy the fix stands in for")) ||
		 (elsewhere = defined_elsewhere(fn, alloc, "not the allocator the fix calls")))
		why = elsewhere;
	else if (alloc_label)
		why = as_fix_say(fn,
				 "%s() is bound to another symbol by an asm label in this unit (line %u), not the allocator "
				 "the fix calls",
				 alloc->callee, alloc_own);
	else if (alloc_own && clang_getCursorLinkage(clang_getCursorDefinition(clang_getCursorReferenced(alloc->cur))) ==
				      CXLinkage_Internal)
		/* The runtime allocates with the process's function of that name,
		 * which a static one of this unit is not. */
		why = as_fix_say(fn, "%s() is a static function of this unit (line %u), not the allocator the fix calls",
				 alloc->callee, alloc_own);
	else if (!copy->is_statement)
		why = as_fix_say(fn, "the value of the %s call is used", copy->shown);
	else if (copy->rule->size_is_strlen1 && !as_tu_declared_before(fn->tu, "strlen", fn->cur))
		/* The fix spells the copy's size as strlen(src) + 1. */
		why = as_fix_say(fn, "the fix would call strlen(), which this unit does not declare ahead of %s()",
				 fn->name);
	else if (sk->has_call || sk->has_write)
		why = as_fix_say(fn, "the source expression '%s' has side effects", d->source);
	else if (dk->has_call || dk->has_write)
		why = as_fix_say(fn, "the destination expression '%s' has side effects", d->buffer);
	if (!why) {
		static const char *const cnames[] = { "source", "size" }, *const anames[] = { "size", "count", "type" };
		const int croles[] = { copy->rule->src, copy->rule->size };
		const int aroles[] = { alloc->rule->size, alloc->rule->count, alloc->rule->type };
		const char *role = unspelled_role(copy, croles, cnames, 2);
		const char *who = role ? "copy" : "allocation";
		if (role || (role = unspelled_role(alloc, aroles, anames, 3)))
			why = as_fix_say(fn,
					 "the %s's %s ends in a macro's argument: its text between the ends is not "
					 "the expression the fix would spell",
					 who, role);
	}
	if (!why)
		why = as_proof_memdup(fn, alloc, copy, as_call_role(copy, copy->rule->dst),
				      as_call_role(copy, copy->rule->src),
				      as_call_role(copy, copy->rule->size_is_strlen1 ? copy->rule->src : copy->rule->size),
				      alloc->rule->count == AS_NO_ARG);
	if (!why && alloc->rule->count != AS_NO_ARG) {
		/* The allocation checks count * size for overflow (calloc,
		 * ruby_xmalloc2, ALLOC_N): the fix must too. */
		if (!fam->mul)
			why = as_fix_say(fn, "%s checks count * size for overflow and the %s family has no checked multiply in its rule pack",
					 alloc->shown, fam->name);
		else
			size = checked_size(fn, alloc, fam);
	}
	if (why) {
		d->reason = why;
		return;
	}
	{
		const struct as_call *frees[AS_MAX_FIXITS - 2];
		int nfrees = 0, own = fn->ev[c].region == fn->ev[a].region;

		d->fix = "memdup";
		d->fix_text = as_fill_template(fn, fam->memdup, d->source, "", size, site);
		if (is_immutable_source(as_call_role(copy, copy->rule->src))) {
			const struct as_local *l = as_fn_local(fn, dst);
			int stored = -1;

			if (strcmp(fam->name, "malloc"))
				why = as_fix_say(fn, "copy-on-write buffers are released with free(), not the %s family's", fam->name);
			else if (!l || l->kept)
				why = as_fix_say(fn, "the copy is kept in '%s', which outlives the call", d->buffer);
			else if (alloc_own)
				why = as_fix_say(fn, "%s() is defined in this unit (line %u): a share would skip the call",
						 alloc->callee, alloc_own);
			else if (has_attribute(as_call_role(copy, copy->rule->dst)))
				why = as_fix_say(fn,
						 "'%s' is declared with an attribute (such as cleanup) that may free it where "
						 "the analysis does not look",
						 d->buffer);
			else
				why = share_reason(fn, c, dst, fam, frees, &nfrees, AS_MAX_FIXITS - 2, &stored);
			if (!why && stored >= 0)
				why = stored_reason(fn, a, c, stored, dst, fam, site, size, d);
			if (why) {
				/* The frees found before the reason stay frees. */
				nfrees = 0;
				d->reason = as_fix_say(fn, "not shared: %s", why);
			} else {
				d->fix = "share";
				d->fix_text = as_fill_template(fn, "asrt_cow_share_at($src, $size, $site)", d->source, "", size, site);
				d->reason = stored < 0 ? "the source is immutable and every use of the copy is a read or its free"
						       : as_fix_say(fn, "the source is immutable, every use of the copy is a read or "
									"its free, and every write and free of '%s' in this unit is "
									"rewritten",
								    store_target(fn, &fn->ev[stored]));
			}
		} else if (const_pointer_source(as_call_role(copy, copy->rule->src))) {
			d->reason = as_fix_say(fn,
					       "not shared: the source '%s' is a pointer to const not initialised, in "
					       "this unit, by immutable bytes (it may point at an array the program writes)",
					       d->source);
		}
		/* A macro that stores the block in its argument (gawk's
		 * emalloc(var, type, n, where)) stores the copy there. */
		if (alloc->rule->assigns)
			d->fix_text = as_fill_template(fn, "($ptr = $size)", "",
						       as_call_role_text(fn, alloc, alloc->rule->ptr), d->fix_text, "");
		int rc = as_fix_edit(fn, d, alloc->begin, alloc->end, d->fix_text) || remove_statement(fn, copy, own, d);
		for (int i = 0; i < nfrees && !rc; i++)
			rc = as_fix_edit(fn, d, frees[i]->begin, frees[i]->end,
					 as_fill_template(fn, "asrt_cow_release_at($ptr, $site)", "",
							  as_call_role_text(fn, frees[i], frees[i]->rule->ptr), "", site));
		if (rc)
			as_fix_refuse_edits(d);
	}
}

void as_fix_grow(struct as_fn *fn, int r, const char *site, struct as_draft *d)
{
	const struct as_call *call = fn->ev[r].call;
	const struct as_family *fam = as_call_family(fn, call);
	const struct as_rule *rule = call->rule;
	int label;
	unsigned own = own_definition(fn, call, &label), seen;
	const char *elsewhere = defined_elsewhere(fn, call, "not the reallocation the fix calls");

	d->fix = "manual";
	if (!fam)
		d->reason = as_fix_say(fn, "%s belongs to no allocation family of the rule packs", call->shown);
	else if (!fam->grow)
		d->reason = as_fix_say(fn, "the %s family has no grow fix in its rule pack (asrt_grow serves plain malloc blocks)",
				       fam->name);
	else if (call->body_macro)
		d->reason = as_fix_say(fn, "the reallocation is inside the body of macro %s", call->body_macro);
	else if (own)
		/* asrt_grow reallocates with the process's realloc. */
		d->reason = as_fix_say(fn,
				       label ? "%s() is bound to another symbol by an asm label in this unit (line %u), not "
					       "the reallocation the fix calls"
					     : "%s() is defined in this unit (line %u), not the reallocation the fix calls",
				       call->callee, own);
	else if (elsewhere)
		d->reason = elsewhere;
	else if (rule->in_place)
		/* The template takes the block and returns the new one; the call
		 * takes the pointer's address or the object holding the block. */
		d->reason = as_fix_say(fn, "%s resizes the block in place through its pointer's address or the object holding "
					   "it, which the %s family's grow template cannot take",
				       call->shown, fam->name);
	else if (as_unit_capacity_query(fn->tu))
		/* The grown block is larger than asked: a unit that asks a block's
		 * capacity may print it, fill it or size by it (G7). */
		d->reason = as_fix_say(fn, "the unit asks the allocator for a block's capacity (%s), which a geometric grow "
					   "changes",
				       as_unit_capacity_query(fn->tu));
	else if (rule->count != AS_NO_ARG && !fam->mul)
		d->reason = as_fix_say(fn, "%s checks count * size for overflow and the %s family has no checked multiply in its rule pack",
				       call->shown, fam->name);
	else if ((seen = as_address_observed(fn)))
		d->reason = as_fix_say(fn, "the function, or one of the unit's functions it calls, looks at where a block lies (line "
					   "%u: a pointer read as a number or as text, or two pointers compared): it may "
					   "see where the block moves, which a geometric grow changes",
				       seen);
	else {
		const char *ptr = as_call_role_text(fn, call, rule->ptr), *size = d->size;
		/* ruby_xrealloc2, REALLOC_N: the byte count the grow call takes
		 * is checked for overflow as the original's was. */
		if (rule->count != AS_NO_ARG)
			size = checked_size(fn, call, fam);
		d->fix = "grow";
		d->fix_text = as_fill_template(fn, fam->grow, "", ptr, size, site);
		/* A macro that assigns (REALLOC_N(var, type, n)) assigns still. */
		if (rule->assigns)
			d->fix_text = as_fill_template(fn, "($ptr = $size)", "", ptr, d->fix_text, "");
		if (as_fix_edit(fn, d, call->begin, call->end, d->fix_text))
			as_fix_refuse_edits(d);
	}
}
