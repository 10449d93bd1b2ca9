/* as_facts.c - one walk over a function body, recording regions, classified
 * calls and variable events in evaluation order (see as_facts.h). */
#include "as_facts.h"
#include "as_directives.h"
#include "as_readonly.h"

#include "as_cfg.h"
#include "as_names.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct pending {
	unsigned off; /* file offset where the stored value's expression begins */
	const char *target[AS_MAX_TARGETS];
	int n;
};

struct walk {
	struct as_fn *fn;
	int region;
	int in_cond;
	int seq;
	CXCursor stmt; /* the statement being visited, to tell unused results */
	int in_switch; /* the innermost loop or switch is a switch: break leaves it */
	struct pending *pend;
	int npend, cappend;
};

static void visit(struct walk *w, CXCursor c);

static unsigned file_off(CXCursor c)
{
	CXFile f;
	unsigned off = 0;

	as_loc_file(clang_getRangeStart(clang_getCursorExtent(c)), &f, &off);
	return off;
}

static unsigned file_end(CXCursor c)
{
	CXFile f;
	unsigned off = 0;

	as_loc_file(clang_getRangeEnd(clang_getCursorExtent(c)), &f, &off);
	return off;
}

static int push_region(struct walk *w, enum as_region_kind kind, CXCursor at)
{
	struct as_fn *fn = w->fn;
	struct as_region *r;
	unsigned col;

	AS_ARENA_GROW(fn->regions, fn->nregions, fn->capregions, &fn->tu->arena);
	r = &fn->regions[fn->nregions];
	memset(r, 0, sizeof *r);
	r->parent = w->region;
	r->kind = kind;
	r->cond = clang_getNullCursor();
	{
		CXFile f;
		unsigned off;
		clang_getFileLocation(clang_getRangeStart(clang_getCursorExtent(at)), &f, &r->line, &col, &off);
	}
	w->region = fn->nregions;
	return fn->nregions++;
}

static struct as_event *add_event(struct walk *w, enum as_event_kind kind, CXCursor c, const char *key)
{
	struct as_fn *fn = w->fn;
	struct as_event *e;

	AS_ARENA_GROW(fn->ev, fn->nev, fn->capev, &fn->tu->arena);
	e = &fn->ev[fn->nev++];
	memset(e, 0, sizeof *e);
	e->kind = kind;
	e->seq = ++w->seq;
	e->region = w->region;
	e->in_cond = w->in_cond;
	e->key = key;
	e->cur = c;
	e->rhs = clang_getNullCursor();
	return e;
}

static struct as_local *local_find(struct as_fn *fn, const char *name)
{
	for (int i = 0; i < fn->nlocals; i++)
		if (!strcmp(fn->locals[i].name, name))
			return &fn->locals[i];
	return NULL;
}

const struct as_local *as_fn_local(struct as_fn *fn, const char *name)
{
	return local_find(fn, name);
}

static void local_def(struct as_fn *fn, const char *key)
{
	struct as_local *l = key ? local_find(fn, key) : NULL;

	if (l)
		l->defs++;
}

/* A size's use: its function and where it is read. */
struct use {
	struct as_fn *fn;
	unsigned at;
};

static unsigned cursor_offset(CXCursor c, int end)
{
	CXSourceRange r = clang_getCursorExtent(c);
	CXFile f;
	unsigned line, col, off;

	clang_getExpansionLocation(end ? clang_getRangeEnd(r) : clang_getRangeStart(r), &f, &line, &col, &off);
	return off;
}

struct stale {
	struct as_fn *fn;
	const char *written; /* key an event stores into */
	int hit;
	/* A store to a part of a leaf counts too (buf[3] of buf): what a
	 * definition that reads memory reads through it (strlen(buf)). */
	int parts;
};

static void leaf_written(void *ctx, const struct as_key *leaf)
{
	struct stale *st = ctx;

	if (leaf->text &&
	    (as_key_covers(st->written, leaf->text) || (st->parts && as_key_covers(leaf->text, st->written))))
		st->hit = 1;
}

/* True if the variable that key k starts with is a private local of fn:
 * an automatic one whose address (or a part's) fn never takes, nor names
 * as an asm operand. Any other (a global, a static, a block-scope extern,
 * one whose address is taken) a call or a store through a pointer may
 * write with no event keyed by its name. */
static int private_root(struct as_fn *fn, const char *k)
{
	char root[128];
	size_t n = strspn(k, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_");
	const struct as_local *l;

	if (!n || n >= sizeof root || (k[n] && !strchr(".[", k[n])))
		return 0;
	memcpy(root, k, n);
	root[n] = '\0';
	if (!(l = local_find(fn, root)) || l->kept)
		return 0;
	for (int i = 0; i < fn->nev; i++)
		if (fn->ev[i].kind == AS_EV_ADDR && (!fn->ev[i].key || as_key_covers(root, fn->ev[i].key)))
			return 0;
	return 1;
}

static void leaf_shared(void *ctx, const struct as_key *leaf)
{
	struct stale *st = ctx;

	if (leaf->text && !leaf->is_num && !private_root(st->fn, leaf->text))
		st->hit = 1;
}

/* True if paths s and l name two members of one struct object, or parts
 * of them: equal up to a '.' and other member names after it (a.v and
 * a.cap), not an index (a.v[i] and a.v[j]). */
static int other_member(const char *s, const char *l)
{
	size_t i = 0;

	while (s[i] && s[i] == l[i])
		i++;
	if (!i || s[i - 1] != '.' || !s[i] || !l[i] || memchr(s, '[', i))
		return 0;
	return !strchr(".[", s[i]) && !strchr(".[", l[i]);
}

struct beside_walk {
	const char *store;
	int all;
};

static void leaf_beside(void *ctx, const struct as_key *leaf)
{
	struct beside_walk *w = ctx;

	if (!leaf->is_num && (!leaf->text || !other_member(w->store, leaf->text)))
		w->all = 0;
}

/* True if store event e writes only beside what definition key k reads:
 * k reads fields alone (no call, no index, no dereference) and e stores to
 * another member of the same object (a->v = p beside a->cap + 4), through
 * no union, whose members share their storage. */
static int beside(struct as_fn *fn, const struct as_key *k, const struct as_event *e)
{
	const char *text = as_key_str(fn->tu, k);
	struct beside_walk w = { e->key, 1 };
	CXCursor kid[2], m;

	if (!e->key || k->unknown || k->has_call || strpbrk(text, "[*") ||
	    (clang_getCursorKind(e->cur) != CXCursor_BinaryOperator &&
	     clang_getCursorKind(e->cur) != CXCursor_CompoundAssignOperator) ||
	    as_children(e->cur, kid, 2) != 2)
		return 0;
	for (m = as_strip(kid[0]); clang_getCursorKind(m) == CXCursor_MemberRefExpr; m = as_strip(kid[0])) {
		CXCursor field = clang_getCursorReferenced(m);
		if (clang_getCursorKind(clang_getCursorSemanticParent(field)) != CXCursor_StructDecl ||
		    as_children(m, kid, 1) != 1)
			return 0;
	}
	as_key_leaves(k, leaf_beside, &w);
	return w.all;
}

static int contains(const struct as_fn *fn, int outer, int inner)
{
	for (int r = inner; r >= 0; r = r > 0 ? fn->regions[r].parent : -1)
		if (r == outer)
			return 1;
	return 0;
}

/* True if region lies in a loop that does not hold region def: the loop
 * comes back to a use after it without passing the definition again. */
static int in_loop_without(const struct as_fn *fn, int region, int def)
{
	for (int r = region; r > 0; r = fn->regions[r].parent)
		if (fn->regions[r].kind == AS_REGION_LOOP && !contains(fn, r, def))
			return 1;
	return 0;
}

/* True if call c is one of the library's functions that never return:
 * the path through it does not reach the use. */
static int no_return(CXCursor c)
{
	static const char *const names[] = { "exit", "_exit", "_Exit", "abort", "quick_exit", "longjmp", "siglongjmp" };
	CXCursor d = clang_getCursorReferenced(c);
	CXString s;
	int hit;

	if (clang_Cursor_isNull(d) || !clang_Location_isInSystemHeader(clang_getCursorLocation(d)))
		return 0;
	s = clang_getCursorSpelling(d);
	hit = AS_NAME_IN(clang_getCString(s), names) != NULL;
	clang_disposeString(s);
	return hit;
}

/* True if k reads memory a call may write: a call (strlen reads its
 * argument's bytes), a dereference, an element or a field. */
static int reads_memory_key(const struct as_key *k)
{
	if (k->unknown || k->has_call)
		return 1;
	if (!k->op)
		return k->text && strpbrk(k->text, "[.>") != NULL;
	if (!strcmp(k->op, "call") || !strcmp(k->op, "u*"))
		return 1;
	for (int i = 0; i < k->nkid; i++)
		if (reads_memory_key(k->kid[i]))
			return 1;
	return 0;
}

/* True if regions a and b lie in the two arms of one if: no path goes
 * from one to the other without leaving the function or looping. */
static int exclusive(const struct as_fn *fn, int a, int b)
{
	for (int r = a; r > 0; r = fn->regions[r].parent)
		for (int u = b; u > 0; u = fn->regions[u].parent)
			if (r != u && fn->regions[r].kind == AS_REGION_BRANCH && fn->regions[u].kind == AS_REGION_BRANCH &&
			    fn->regions[r].parent == fn->regions[u].parent &&
			    fn->regions[r].is_else != fn->regions[u].is_else &&
			    clang_equalCursors(fn->regions[r].cond, fn->regions[u].cond))
				return 1;
	return 0;
}

/* The region of the innermost event around offset at (0: the body). */
static int region_at(const struct as_fn *fn, unsigned at)
{
	for (int i = 0; i < fn->nev; i++)
		if (cursor_offset(fn->ev[i].cur, 0) <= at && at < cursor_offset(fn->ev[i].cur, 1))
			return fn->ev[i].region;
	return 0;
}

/* True if the definition init of a local, read at u->at, may no longer
 * hold there: an operand it reads is stored to, incremented or has its
 * address taken between them (or after the use, inside a loop, or before
 * a goto, that may come back to it), or, while init reads memory (strlen(s) and s[i] see
 * the call's writes) or a variable other code may reach (a global, a
 * local whose address is taken: private_root), a call that may write
 * memory (one no pack describes, or a copy) or a store to anything but a
 * private local (*pk = 3, k's address in pk) is made between them. */
static int def_stale(struct use *u, CXCursor init)
{
	struct as_fn *fn = u->fn;
	unsigned def = cursor_offset(init, 1);
	struct as_key *k = as_fn_lvalue_key(fn, init);
	struct stale shared = { fn, NULL, 0, 0 };
	int reads_memory;

	as_key_leaves(k, leaf_shared, &shared);
	reads_memory = reads_memory_key(k) || shared.hit;

	int use_region = region_at(fn, u->at), def_region = region_at(fn, cursor_offset(init, 0));
	/* A goto after the use back between the definition and the use is a
	 * loop too: what follows the use comes back to it. */
	int back = as_fn_jumps_back(fn, def, u->at);

	for (int i = 0; i < fn->nev; i++) {
		const struct as_event *e = &fn->ev[i];
		/* An event takes effect at its end: the store of "b->end = p + len"
		 * follows its read of len. */
		unsigned at = cursor_offset(e->cur, 1);
		int between = at > def && at <= u->at;
		struct stale st = { fn, e->key, 0, reads_memory };
		/* A path from the event comes back to the use on a later pass,
		 * from after it or from the other arm of an if. */
		int again = back || in_loop_without(fn, e->region, def_region);

		if (at <= def || (!between && !again) || (between && !again && exclusive(fn, e->region, use_region)))
			continue;
		if (as_event_writes(e) && e->key) {
			as_key_leaves(k, leaf_written, &st);
			if (st.hit)
				return 1;
		}
		if (reads_memory && as_event_writes(e) && !as_fn_private_store(fn, e->cur) && !beside(fn, k, e))
			return 1;
		if (reads_memory && e->kind == AS_EV_CALL &&
		    (!e->call->rule || e->call->rule->role == AS_ROLE_COPY ||
		     (e->call->rule->role == AS_ROLE_READ && as_call_not_read_only(fn->tu, e->call->cur, e->call->rule))) &&
		    !no_return(e->call->cur))
			return 1;
	}
	return 0;
}

/* True if a local declared by decl stands for its initialiser: an
 * automatic scalar (a static keeps its value across calls, a block-scope
 * extern is the file's variable, which any call may store to; an aggregate
 * has no expression). */
static int plain_local(CXCursor decl)
{
	CXType t = clang_getCanonicalType(clang_getCursorType(decl));
	enum CX_StorageClass sc = clang_Cursor_getStorageClass(decl);

	return !(sc == CX_SC_Static || sc == CX_SC_Extern || t.kind == CXType_ConstantArray ||
		 t.kind == CXType_IncompleteArray || t.kind == CXType_Record);
}

/* True if ref reads a plain local of fn. A key is a name's spelling, so
 * the local of that name may be another variable: a global the local
 * shadows elsewhere in the function (size_t n = width, width the file's,
 * and a block's own size_t width = 3 would make n read 3). */
static int reads_plain_local(struct as_fn *fn, CXCursor ref)
{
	CXCursor decl = clang_getCursorReferenced(ref);

	return clang_getCursorKind(decl) == CXCursor_VarDecl && plain_local(decl) &&
	       clang_equalCursors(clang_getCursorSemanticParent(decl), fn->cur);
}

/* The initialiser of the variable ref reads, where its name is declared
 * more than once: each declaration is its own variable (size_t l in two
 * case blocks, one a loop counter), told apart by the declaration ref
 * points to (a plain local: reads_plain_local); NULL when the variable
 * is written after it. */
static CXCursor *decl_init(struct as_fn *fn, CXCursor ref)
{
	CXCursor decl = clang_getCursorReferenced(ref), kid[4], *init;
	int n = as_children(decl, kid, 4);

	if (n <= 0 || n > 4 || !clang_isExpression(clang_getCursorKind(kid[n - 1])) || as_fn_writes_local(fn, decl))
		return NULL;
	init = as_arena_alloc(&fn->tu->arena, sizeof *init);
	*init = kid[n - 1];
	return init;
}

static CXCursor *subst_local(void *ctx, const char *name, CXCursor ref)
{
	struct use *u = ctx;
	struct as_local *l = local_find(u->fn, name);
	CXCursor *init;

	if (!l || !reads_plain_local(u->fn, ref))
		return NULL;
	if (l->defs == 1 && !clang_Cursor_isNull(l->init))
		init = &l->init;
	else if (l->decls < 2 || (init = decl_init(u->fn, ref)) == NULL)
		return NULL;
	return !u->fn->subst_stale && def_stale(u, *init) ? NULL : init;
}

struct as_key *as_fn_lvalue_key(struct as_fn *fn, CXCursor e)
{
	struct as_keyer k = { fn->tu, NULL, NULL, 0 };

	return as_key_of(&k, e);
}

struct as_key *as_fn_size_key(struct as_fn *fn, CXCursor e)
{
	struct use u = { fn, cursor_offset(e, 0) };

	if (fn->subst_until > u.at)
		u.at = fn->subst_until;
	struct as_keyer k = { fn->tu, subst_local, &u, 0 };

	return as_key_of(&k, e);
}

static const char *lvalue_str(struct as_fn *fn, CXCursor e)
{
	struct as_key *k = as_fn_lvalue_key(fn, e);

	return k->unknown ? NULL : as_key_str(fn->tu, k);
}

/* The value of an assignment or initialiser may itself be an assignment:
 * argv = ptr = ALLOC_N(...) stores the allocation in both. */
static void note_targets(struct walk *w, const char *first, CXCursor rhs)
{
	struct pending p = { 0 };
	CXCursor kid[2];

	if (first)
		p.target[p.n++] = first;
	rhs = as_strip(rhs);
	while (clang_getCursorKind(rhs) == CXCursor_BinaryOperator &&
	       !strcmp(as_binop(w->fn->tu, rhs), "=") && as_children(rhs, kid, 2) == 2) {
		const char *t = lvalue_str(w->fn, kid[0]);
		if (t && p.n < AS_MAX_TARGETS)
			p.target[p.n++] = t;
		rhs = as_strip(kid[1]);
	}
	if (!p.n)
		return;
	p.off = file_off(rhs);
	AS_ARENA_GROW(w->pend, w->npend, w->cappend, &w->fn->tu->arena);
	w->pend[w->npend++] = p;
}

static void take_targets(struct walk *w, struct as_call *call, unsigned off)
{
	/* An inner assignment of a chain notes its own part again: merge. */
	for (int i = 0; i < w->npend; i++) {
		if (w->pend[i].off != off)
			continue;
		for (int j = 0; j < w->pend[i].n; j++) {
			const char *t = w->pend[i].target[j];
			if (!as_call_stores_to(call, t) && call->ntargets < AS_MAX_TARGETS)
				call->target[call->ntargets++] = t;
			/* A helper returning an object with a fresh buffer in a field:
			 * the buffer is stored too, in that field of the target. */
			if (call->rule && call->rule->field && call->ntargets < AS_MAX_TARGETS) {
				size_t n = strlen(t) + strlen(call->rule->field) + 2;
				char *k = as_arena_alloc(&w->fn->tu->arena, n);
				snprintf(k, n, "%s.%s", t, call->rule->field);
				if (!as_call_stores_to(call, k))
					call->target[call->ntargets++] = k;
			}
		}
		w->pend[i].off = (unsigned)-1;
	}
}

static int claimed(const struct as_fn *fn, unsigned off)
{
	for (int i = 0; i < fn->nclaimed; i++)
		if (fn->claimed[i] == off)
			return 1;
	return 0;
}

static const char *ident_at(struct as_fn *fn, unsigned off, size_t *n)
{
	*n = off < fn->len ? as_lex_ident_at(fn->buf, fn->len, off) : 0;
	return *n ? fn->buf + off : NULL;
}

static struct as_call *new_call(struct walk *w, CXCursor c, const struct as_rule *rule)
{
	struct as_call *call = as_arena_alloc(&w->fn->tu->arena, sizeof *call);

	call->rule = rule;
	call->cur = c;
	call->type_size = -1;
	call->expanded_family = -1;
	call->begin = file_off(c);
	call->end = file_end(c);
	call->is_statement = clang_equalCursors(c, w->stmt);
	for (int i = 0; i < AS_MAX_ARGS; i++)
		call->arg[i] = clang_getNullCursor();
	return call;
}

/* Finding a macro argument's expression: the outermost cursor of the
 * expansion whose first token is the argument's first token and whose
 * last is in the argument. */
struct argmap {
	CXFile file;
	struct as_span *spans;
	int nspans;
	CXCursor *out;
	long long type_size;
	const struct as_rules *rules;
	int family;   /* of the first pack function with a family in the expansion */
	int type_arg; /* the rule's type argument, or AS_NO_ARG */
};

/* The cursor ends inside argument i: Perl's Newx(v, n, t) expands to
 * (v = ...), whose assignment starts at v's token but is not v. */
static int within_arg(const struct argmap *m, CXCursor c, int i)
{
	CXFile f;
	unsigned end;

	return as_loc_spelling(clang_getRangeEnd(clang_getCursorExtent(c)), &f, &end) ||
	       !clang_File_isEqual(f, m->file) || end <= m->spans[i].end;
}

/* A sizeof of the type argument, not another sizeof of the expansion
 * (Perl's overflow check in Newx compares sizeof(size_t) with sizeof(n)
 * first): its operands are all spelled in the argument (a builtin type
 * has none). */
static int sizeof_type_arg(const struct argmap *m, CXCursor c)
{
	CXCursor kid[4];
	int n = as_children(c, kid, 4);
	CXFile f;
	unsigned off;

	if (m->type_arg < 0 || m->type_arg >= m->nspans)
		return 1;
	if (n > 4)
		return 0;
	for (int i = 0; i < n; i++)
		if (as_loc_spelling(clang_getRangeStart(clang_getCursorExtent(kid[i])), &f, &off) ||
		    !clang_File_isEqual(f, m->file) || off < m->spans[m->type_arg].begin ||
		    off >= m->spans[m->type_arg].end)
			return 0;
	return 1;
}

static enum CXChildVisitResult map_args(CXCursor c, CXCursor parent, CXClientData data)
{
	struct argmap *m = data;
	CXFile f;
	unsigned off;
	long long v;

	(void)parent;
	if (!clang_isExpression(clang_getCursorKind(c)))
		return CXChildVisit_Recurse;
	if (m->type_size < 0 && clang_getCursorKind(c) == CXCursor_UnaryExpr && sizeof_type_arg(m, c) &&
	    as_eval_int(c, &v))
		m->type_size = v;
	if (m->family < 0 && clang_getCursorKind(c) == CXCursor_CallExpr && as_call_direct(c)) {
		CXString s = clang_getCursorSpelling(c);
		const struct as_rule *r = as_rules_function(m->rules, clang_getCString(s), strlen(clang_getCString(s)));
		if (r && r->family >= 0)
			m->family = r->family;
		clang_disposeString(s);
	}
	if (!as_loc_spelling(clang_getRangeStart(clang_getCursorExtent(c)), &f, &off) &&
	    clang_File_isEqual(f, m->file))
		for (int i = 0; i < m->nspans; i++)
			if (m->spans[i].begin == off && clang_Cursor_isNull(m->out[i]) && within_arg(m, c, i))
				m->out[i] = c;
	return CXChildVisit_Recurse;
}

/* Argument i of a claimed macro as written, when it is one identifier: a
 * statement macro claimed at a first statement that does not hold the
 * argument (Tcl's TclNewObj(o) starts with a counter macro that expands
 * to nothing) still names the variable it stores into. NULL otherwise. */
static const char *arg_ident(struct as_fn *fn, const struct as_call *call, int i)
{
	size_t b, e, n;

	if (i < 0 || i >= call->nargs)
		return NULL;
	b = call->span[i].begin;
	e = call->span[i].end;
	while (b < e && (fn->buf[b] == ' ' || fn->buf[b] == '\t'))
		b++;
	while (e > b && (fn->buf[e - 1] == ' ' || fn->buf[e - 1] == '\t'))
		e--;
	n = as_lex_ident_at(fn->buf, e, b);
	return n && b + n == e && !(fn->buf[b] >= '0' && fn->buf[b] <= '9') ? as_arena_strndup(&fn->tu->arena, fn->buf + b, n)
									    : NULL;
}

/* Whether a pack macro's expansion does more than its call: an
 * assignment, increment or call the packs do not know (COPY(d, s, n)
 * written as `(n_copies++, memcpy(d, s, n))`). A fix replaces or removes
 * the whole invocation, which would drop that effect. Stores to locals
 * the expansion declares itself (do { T *t = (d); ... } while (0)) and the
 * assigning macro's own store of its block are part of the call. */
struct effects {
	struct as_fn *fn;
	CXCursor top; /* the claimed cursor */
	int assigns;  /* the macro stores its result into its argument */
	int found;
};

static int declared_inside(const struct effects *x, CXCursor lhs)
{
	CXCursor d = clang_getCursorReferenced(as_strip(lhs));
	CXSourceRange r = clang_getCursorExtent(x->top);
	unsigned b, e, at;

	if (clang_getCursorKind(as_strip(lhs)) != CXCursor_DeclRefExpr || clang_getCursorKind(d) != CXCursor_VarDecl)
		return 0;
	clang_getFileLocation(clang_getRangeStart(r), NULL, NULL, NULL, &b);
	clang_getFileLocation(clang_getRangeEnd(r), NULL, NULL, NULL, &e);
	/* A local of the expansion is declared where the invocation is. */
	clang_getFileLocation(clang_getRangeStart(clang_getCursorExtent(d)), NULL, NULL, NULL, &at);
	return clang_getCursorKind(clang_getCursorSemanticParent(d)) != CXCursor_TranslationUnit && at >= b && at <= e &&
	       clang_Cursor_getStorageClass(d) == CX_SC_None;
}

static enum CXChildVisitResult find_effects(CXCursor c, CXCursor parent, CXClientData data)
{
	struct effects *x = data;
	enum CXCursorKind k = clang_getCursorKind(c);
	CXCursor kid[2];
	int post;

	(void)parent;
	if (as_unevaluated(c))
		return CXChildVisit_Continue;
	if (k == CXCursor_CallExpr) {
		const char *n = as_tu_callee(x->fn->tu, c);
		x->found |= !as_tu_function(x->fn->tu, n, strlen(n));
	} else if ((k == CXCursor_BinaryOperator || k == CXCursor_CompoundAssignOperator) &&
		   as_op_assigns(as_binop(x->fn->tu, c)) && as_children(c, kid, 2) == 2) {
		x->found |= !declared_inside(x, kid[0]) && !(x->assigns && clang_equalCursors(c, as_strip(x->top)));
	} else if (k == CXCursor_UnaryOperator && as_children(c, kid, 1) == 1) {
		const char *op = as_unop_typed(x->fn->tu, c, &post);
		x->found |= (!strcmp(op, "++") || !strcmp(op, "--")) && !declared_inside(x, kid[0]);
	}
	return x->found ? CXChildVisit_Break : CXChildVisit_Recurse;
}

static int does_more(struct as_fn *fn, CXCursor top, int assigns)
{
	struct effects x = { fn, top, assigns, 0 };

	if (find_effects(top, clang_getNullCursor(), &x) == CXChildVisit_Recurse)
		clang_visitChildren(top, find_effects, &x);
	return x.found;
}

/* A statement that starts where the one before it started is more of one
 * macro's expansion (#define COPY(d, s, n) memcpy(d, s, n); n_copies++):
 * the macro claimed at the first does more than its call. */
static void more_statements(struct walk *w, CXCursor first, CXCursor next)
{
	unsigned off = file_off(next);

	if (!off || off != file_off(first))
		return;
	for (int e = w->fn->nev - 1; e >= 0; e--) {
		struct as_call *c = w->fn->ev[e].kind == AS_EV_CALL ? w->fn->ev[e].call : NULL;
		if (c && c->macro && c->begin == off) {
			if (!c->body_macro)
				c->body_macro = c->macro;
			return;
		}
	}
}

static struct as_call *claim_macro(struct walk *w, CXCursor c)
{
	struct as_fn *fn = w->fn;
	struct as_span spans[AS_MAX_ARGS];
	const struct as_rule *rule;
	struct as_call *call;
	struct as_event *e;
	struct argmap m;
	unsigned off = file_off(c);
	const char *name;
	size_t n, end;
	int nargs;

	/* Cheapest tests first: this runs for every expression. */
	if (!(name = ident_at(fn, off, &n)) || !(rule = as_rules_macro(fn->tu->rules, name, n)) ||
	    claimed(fn, off) || as_cursor_user_written(fn->tu, c) ||
	    as_lex_macro_args(fn->buf, fn->len, off + n, spans, AS_MAX_ARGS, &nargs, &end))
		return NULL;
	AS_ARENA_GROW(fn->claimed, fn->nclaimed, fn->capclaimed, &fn->tu->arena);
	fn->claimed[fn->nclaimed++] = off;
	call = new_call(w, c, rule);
	call->callee = call->shown = call->macro = rule->name;
	call->end = (unsigned)end;
	call->nargs = nargs < AS_MAX_ARGS ? nargs : AS_MAX_ARGS;
	memcpy(call->span, spans, sizeof spans);
	m = (struct argmap){ fn->file, spans, call->nargs, call->arg, -1, fn->tu->rules, -1, rule->type };
	clang_visitChildren(c, map_args, &m);
	map_args(c, clang_getNullCursor(), &m);
	call->type_size = m.type_size;
	call->expanded_family = m.family;
	/* A fix replaces or removes the invocation whole: not when that drops
	 * an effect of its expansion (the reason names the macro's body). */
	if (does_more(fn, c, rule->assigns))
		call->body_macro = rule->name;
	take_targets(w, call, off);
	/* gawk's emalloc(var, type, n, where) stores the block in var. */
	if (rule->assigns && rule->role == AS_ROLE_ALLOC && call->ntargets < AS_MAX_TARGETS) {
		CXCursor v = as_call_role(call, rule->ptr);
		const char *t = clang_Cursor_isNull(v) ? arg_ident(fn, call, rule->ptr) : lvalue_str(fn, v);
		if (t && !as_call_stores_to(call, t))
			call->target[call->ntargets++] = t;
	}
	e = add_event(w, AS_EV_CALL, c, NULL);
	e->call = call;
	return call; /* its seq_end is set when the expansion's subtree is done */
}

static enum CXChildVisitResult visit_cb(CXCursor c, CXCursor parent, CXClientData data)
{
	(void)parent;
	visit(data, c);
	return CXChildVisit_Continue;
}

static void visit_kids(struct walk *w, CXCursor c)
{
	clang_visitChildren(c, visit_cb, w);
}

static void visit_call(struct walk *w, CXCursor c)
{
	struct as_fn *fn = w->fn;
	CXString s = clang_getCursorSpelling(c);
	const char *nm = clang_getCString(s), *direct = as_tu_callee(fn->tu, c);
	const struct as_rule *rule = as_tu_function(fn->tu, direct, strlen(direct));
	struct as_call *call;
	struct as_event *e;
	unsigned off = file_off(c);
	int user = as_cursor_user_written(fn->tu, c);
	int n;

	/* Calls inside a pack macro's expansion belong to the macro's site. */
	if (!user && claimed(fn, off))
		rule = NULL;
	call = new_call(w, c, rule);
	call->callee = as_arena_strdup(&fn->tu->arena, nm);
	call->shown = rule ? rule->shown_as : call->callee;
	/* A pack's member allocator is shown as called (sc->malloc). */
	if (rule && !strncmp(direct, "->", 2)) {
		CXCursor kid[1];
		if (as_children(c, kid, 1) >= 1)
			call->shown = as_fn_text(fn, kid[0]);
	}
	clang_disposeString(s);
	n = clang_Cursor_getNumArguments(c);
	call->nargs = n < 0 ? 0 : n < AS_MAX_ARGS ? n
						  : AS_MAX_ARGS;
	for (int i = 0; i < call->nargs; i++)
		call->arg[i] = clang_Cursor_getArgument(c, (unsigned)i);
	/* _PyBytes_Resize(&v, n) reallocates v. */
	if (rule && rule->in_place && rule->ptr >= 0 && rule->ptr < call->nargs) {
		CXCursor a = as_strip(call->arg[rule->ptr]), kid[1];
		int post;
		if (clang_getCursorKind(a) == CXCursor_UnaryOperator && !strcmp(as_unop_typed(fn->tu, a, &post), "&") &&
		    as_children(a, kid, 1) == 1)
			call->arg[rule->ptr] = kid[0];
	}
	/* realloc(NULL, n) is malloc(n): an allocation of the same family
	 * (mruby's codegen_realloc(s, NULL, len + 1) makes its strings so). */
	if (rule && rule->role == AS_ROLE_REALLOC && !rule->in_place && rule->ptr >= 0 && rule->ptr < call->nargs &&
	    as_null_constant(call->arg[rule->ptr])) {
		struct as_rule *alloc = as_arena_alloc(&fn->tu->arena, sizeof *alloc);
		*alloc = *rule;
		alloc->role = AS_ROLE_ALLOC;
		alloc->ptr = AS_NO_ARG;
		call->rule = rule = alloc;
	}
	if (!user && !claimed(fn, off)) {
		size_t len;
		const char *id = ident_at(fn, off, &len);
		/* "#define memcpy ruby_nonempty_memcpy" only renames: the call is
		 * still the user's. Any other macro holds the call in its body. */
		const struct as_rule *alias = id ? as_rules_function(fn->tu->rules, id, len) : NULL;
		/* So does "#define malloc ruby_xmalloc": a name the packs know for
		 * the same role. */
		if (id && !(strlen(call->callee) == len && !memcmp(id, call->callee, len)) &&
		    !(strlen(call->shown) == len && !memcmp(id, call->shown, len)) &&
		    !(alias && rule && alias->role == rule->role))
			call->body_macro = as_arena_strndup(&fn->tu->arena, id, len);
	}
	if (rule)
		take_targets(w, call, off);
	e = add_event(w, AS_EV_CALL, c, NULL);
	e->call = call;
	visit_kids(w, c);
	call->seq_end = w->seq;
}

/* What an if condition tests against NULL: !p, p == NULL, p != 0, p,
 * or (p = malloc(n)) == NULL. */
static const char *null_tested(struct as_fn *fn, CXCursor cond)
{
	CXCursor kid[2];
	long long v;

	cond = as_strip(cond);
	switch (clang_getCursorKind(cond)) {
	case CXCursor_DeclRefExpr:
	case CXCursor_MemberRefExpr:
	case CXCursor_ArraySubscriptExpr:
		return lvalue_str(fn, cond);
	case CXCursor_UnaryOperator: {
		int post;
		const char *op = as_unop(fn->tu, cond, &post);
		if (!strcmp(op, "*"))
			return lvalue_str(fn, cond);
		if (strcmp(op, "!") || as_children(cond, kid, 1) != 1)
			return NULL;
		return null_tested(fn, kid[0]);
	}
	case CXCursor_BinaryOperator: {
		const char *op = as_binop(fn->tu, cond);
		if (as_children(cond, kid, 2) != 2)
			return NULL;
		if (!strcmp(op, "="))
			return lvalue_str(fn, kid[0]);
		if (strcmp(op, "==") && strcmp(op, "!="))
			return NULL;
		if (as_eval_int(as_strip(kid[1]), &v) && v == 0)
			return null_tested(fn, kid[0]);
		if (as_eval_int(as_strip(kid[0]), &v) && v == 0)
			return null_tested(fn, kid[1]);
		return NULL;
	}
	default:
		return NULL;
	}
}

static int has_comparison(struct as_fn *fn, CXCursor c, int depth)
{
	CXCursor kid[2];
	const char *op;

	c = as_strip(c);
	/* !n is n == 0 for a count; !p of a pointer is a null test. */
	if (depth <= 4 && clang_getCursorKind(c) == CXCursor_UnaryOperator && as_children(c, kid, 1) == 1 &&
	    !strcmp(as_unop_typed(fn->tu, c, &(int){ 0 }), "!"))
		return clang_getCanonicalType(clang_getCursorType(kid[0])).kind != CXType_Pointer;
	if (depth > 4 || clang_getCursorKind(c) != CXCursor_BinaryOperator || as_children(c, kid, 2) != 2)
		return 0;
	op = as_binop(fn->tu, c);
	if (!strcmp(op, "<") || !strcmp(op, "<=") || !strcmp(op, ">") || !strcmp(op, ">=") ||
	    !strcmp(op, "==") || !strcmp(op, "!="))
		return 1;
	if (!strcmp(op, "&&") || !strcmp(op, "||"))
		return has_comparison(fn, kid[0], depth + 1) || has_comparison(fn, kid[1], depth + 1);
	return 0;
}

static void visit_cond(struct walk *w, CXCursor c)
{
	int saved = w->in_cond;

	w->in_cond = 1;
	visit(w, c);
	w->in_cond = saved;
}

/* A statement child: its value, if it is a call, is unused. */
static void visit_stmt(struct walk *w, CXCursor c)
{
	CXCursor saved = w->stmt;

	w->stmt = c;
	visit(w, c);
	w->stmt = saved;
}

static void visit_branch(struct walk *w, CXCursor at, CXCursor body, CXCursor cond, int is_else)
{
	int saved = w->region;
	struct as_region *r;

	push_region(w, AS_REGION_BRANCH, at);
	r = &w->fn->regions[w->region];
	r->cond = cond;
	r->is_else = is_else;
	if (!clang_Cursor_isNull(cond)) {
		r->null_tested = null_tested(w->fn, cond);
		r->cond_is_comparison = has_comparison(w->fn, cond, 0);
	}
	visit_stmt(w, body);
	w->region = saved;
}

static void visit_if(struct walk *w, CXCursor c)
{
	CXCursor kid[3];
	int n = as_children(c, kid, 3);

	if (n < 2) {
		visit_kids(w, c);
		return;
	}
	visit_cond(w, kid[0]);
	visit_branch(w, kid[1], kid[1], kid[0], 0);
	if (n == 3)
		visit_branch(w, kid[2], kid[2], kid[0], 1);
}

static void visit_loop(struct walk *w, CXCursor c, enum CXCursorKind kind)
{
	CXCursor kid[4];
	int n = as_children(c, kid, 4), saved = w->region;
	size_t init_end = (size_t)-1;

	if (kind == CXCursor_DoStmt && n == 2) {
		long long v;
		/* do { ... } while (0) is a macro's statement wrapper, not a loop. */
		if (as_eval_int(kid[1], &v) && v == 0) {
			visit_stmt(w, kid[0]);
			return;
		}
	}
	if (kind == CXCursor_WhileStmt && n == 2) {
		long long v;
		if (as_eval_int(kid[0], &v) && v == 0)
			return;
	}
	if (kind == CXCursor_ForStmt)
		init_end = as_lex_for_init_end(w->fn->buf, w->fn->len, file_off(c));
	{
		/* as_loop_max_passes may allocate: the region is found by its
		 * index after it, not through a pointer taken before. */
		int at = push_region(w, AS_REGION_LOOP, c), passes = as_loop_max_passes(w->fn, c);
		struct as_region *r = &w->fn->regions[at];
		r->max_passes = passes;
		/* A while's condition, for a loop that runs until a size holds
		 * a need (while (len + room >= size) size += 16). */
		if ((kind == CXCursor_WhileStmt || kind == CXCursor_DoStmt) && n == 2)
			r->cond = kid[kind == CXCursor_WhileStmt ? 0 : 1];
	}
	int saved_switch = w->in_switch;
	w->in_switch = 0;
	for (int i = 0; i < n && i < 4; i++) {
		int is_body = i == n - 1;
		/* A for statement's init clause runs once, before the loop. */
		if (init_end != (size_t)-1 && file_off(kid[i]) < init_end) {
			int loop = w->region;
			w->region = saved;
			visit_stmt(w, kid[i]);
			w->region = loop;
		} else if (is_body) {
			visit_stmt(w, kid[i]);
		} else {
			visit_cond(w, kid[i]);
		}
	}
	w->in_switch = saved_switch;
	w->region = saved;
}

static void visit_switch(struct walk *w, CXCursor c)
{
	CXCursor kid[2];
	int n = as_children(c, kid, 2), saved = w->region;

	if (n != 2 || clang_getCursorKind(kid[1]) != CXCursor_CompoundStmt) {
		visit_kids(w, c);
		return;
	}
	visit_cond(w, kid[0]);
	int saved_switch = w->in_switch;
	w->in_switch = 1;
	{
		/* Each case label opens a branch that runs to the next label. */
		int nk = as_children(kid[1], NULL, 0);
		CXCursor *body = as_arena_alloc(&w->fn->tu->arena, (size_t)(nk ? nk : 1) * sizeof *body);
		as_children(kid[1], body, nk);
		for (int i = 0; i < nk; i++) {
			enum CXCursorKind k = clang_getCursorKind(body[i]);
			if (k == CXCursor_CaseStmt || k == CXCursor_DefaultStmt || w->region == saved) {
				w->region = saved;
				push_region(w, AS_REGION_BRANCH, body[i]);
			}
			visit_stmt(w, body[i]);
		}
	}
	w->in_switch = saved_switch;
	w->region = saved;
}

static void visit_assign(struct walk *w, CXCursor c, const char *op)
{
	CXCursor kid[2];
	struct as_event *e;
	const char *key;

	if (as_children(c, kid, 2) != 2) {
		visit_kids(w, c);
		return;
	}
	key = lvalue_str(w->fn, kid[0]);
	if (!strcmp(op, "="))
		note_targets(w, key, kid[1]);
	visit(w, kid[0]);
	visit(w, kid[1]);
	/* Recorded after its operands: the store happens last. */
	e = add_event(w, AS_EV_ASSIGN, c, key);
	e->op = op;
	e->rhs = kid[1];
	{
		struct as_local *l = key ? local_find(w->fn, key) : NULL;
		if (l && !l->defs && !strcmp(op, "="))
			l->init = kid[1];
	}
	local_def(w->fn, key);
}

/* An asm statement's operands: an output operand stores to what it names
 * with no operator ("=r"(n)), and libclang does not tell outputs from
 * inputs, so each one counts as having its address taken, as by a call
 * given &n that may store through it. */
static void visit_asm(struct walk *w, CXCursor c)
{
	int n = as_children(c, NULL, 0);
	CXCursor *kid = as_arena_alloc(&w->fn->tu->arena, (size_t)(n ? n : 1) * sizeof *kid);

	visit_kids(w, c);
	as_children(c, kid, n);
	for (int i = 0; i < n; i++) {
		const char *key = clang_isExpression(clang_getCursorKind(kid[i])) ? lvalue_str(w->fn, kid[i]) : NULL;
		if (key) {
			add_event(w, AS_EV_ADDR, c, key)->op = "&";
			local_def(w->fn, key);
		}
	}
}

static void visit_var(struct walk *w, CXCursor c)
{
	CXString s = clang_getCursorSpelling(c);
	const char *name = as_arena_strdup(&w->fn->tu->arena, clang_getCString(s));
	CXCursor kid[4], init = clang_getNullCursor();
	int n = as_children(c, kid, 4);
	struct as_local *l;
	struct as_event *e;

	clang_disposeString(s);
	if (n > 0 && n <= 4 && clang_isExpression(clang_getCursorKind(kid[n - 1])))
		init = kid[n - 1];
	l = local_find(w->fn, name);
	if (l) {
		l->defs += 2; /* shadowed: the name means two variables */
		l->decls++;
		/* Both declared in one region or below it: the one holding both. */
		while (l->region >= 0 && !as_region_within(w->fn, w->region, l->region))
			l->region = w->fn->regions[l->region].parent;
	} else {
		AS_ARENA_GROW(w->fn->locals, w->fn->nlocals, w->fn->caplocals, &w->fn->tu->arena);
		int plain = plain_local(c);
		l = &w->fn->locals[w->fn->nlocals++];
		l->name = name;
		l->init = plain ? init : clang_getNullCursor();
		/* One declared bare stands for its one assignment (visit_assign):
		 * size_t totalsize; totalsize = sizelstring(l); */
		l->defs = plain && clang_Cursor_isNull(init) ? 0 : 1;
		/* Static storage: a static local, or the file's variable a
		 * block-scope extern names. */
		l->kept = clang_Cursor_getStorageClass(c) == CX_SC_Static ||
			  clang_Cursor_getStorageClass(c) == CX_SC_Extern;
		l->decls = 1;
		l->region = w->region;
	}
	if (clang_Cursor_isNull(init))
		return;
	note_targets(w, name, init);
	visit(w, init);
	e = add_event(w, AS_EV_ASSIGN, c, name);
	e->op = "=";
	e->rhs = init;
}

/* An operator spelled inside a macro body cannot be read (see as_binop); an
 * lvalue combined with an allocation's result can only be its assignment,
 * as in "do { (d) = malloc(n); ... } while (0)". */
static const char *macro_body_op(struct as_fn *fn, CXCursor c, enum CXCursorKind kind)
{
	CXCursor kid[2];
	enum CXCursorKind lk;
	const struct as_rule *r;
	const char *s;

	if (kind == CXCursor_CompoundAssignOperator || as_children(c, kid, 2) != 2)
		return "";
	lk = clang_getCursorKind(as_strip(kid[0]));
	if (lk != CXCursor_DeclRefExpr && lk != CXCursor_MemberRefExpr && lk != CXCursor_ArraySubscriptExpr)
		return "";
	kid[1] = as_strip(kid[1]);
	if (clang_getCursorKind(kid[1]) != CXCursor_CallExpr)
		return "";
	s = as_tu_callee(fn->tu, kid[1]);
	r = as_tu_function(fn->tu, s, strlen(s));
	return r && (r->role == AS_ROLE_ALLOC || r->role == AS_ROLE_REALLOC || r->role == AS_ROLE_DUP) ? "=" : "";
}

static void visit(struct walk *w, CXCursor c)
{
	enum CXCursorKind kind = clang_getCursorKind(c);
	struct as_call *claim = NULL;

	/* A statement macro (do { ... } while (0)) is claimed at its statement:
	 * its first expression may hold only one of its arguments (Duktape's
	 * duk_memcpy copies through locals initialised from each). */
	if (clang_isExpression(kind) || clang_isStatement(kind))
		claim = claim_macro(w, c);
	switch (kind) {
	case CXCursor_CompoundStmt: {
		int n = as_children(c, NULL, 0);
		CXCursor *kid = as_arena_alloc(&w->fn->tu->arena, (size_t)(n ? n : 1) * sizeof *kid);
		as_children(c, kid, n);
		for (int i = 0; i < n; i++) {
			visit_stmt(w, kid[i]);
			if (i + 1 < n)
				more_statements(w, kid[i], kid[i + 1]);
		}
		break;
	}
	case CXCursor_IfStmt:
		visit_if(w, c);
		break;
	case CXCursor_ForStmt:
	case CXCursor_WhileStmt:
	case CXCursor_DoStmt:
		visit_loop(w, c, kind);
		break;
	case CXCursor_SwitchStmt:
		visit_switch(w, c);
		break;
	case CXCursor_LabelStmt:
	case CXCursor_CaseStmt:
	case CXCursor_DefaultStmt: {
		/* The labelled statement (the last child) is a statement: a call
		 * there is unused, as it is without the label. */
		CXCursor kid[3];
		int n = as_children(c, kid, 3);
		if (n < 1 || n > 2) {
			visit_kids(w, c);
			break;
		}
		if (n == 2)
			visit(w, kid[0]);
		visit_stmt(w, kid[n - 1]);
		break;
	}
	case CXCursor_ConditionalOperator: {
		CXCursor kid[3];
		if (as_children(c, kid, 3) != 3) {
			visit_kids(w, c);
			break;
		}
		visit_cond(w, kid[0]);
		visit_branch(w, kid[1], kid[1], kid[0], 0);
		visit_branch(w, kid[2], kid[2], kid[0], 1);
		break;
	}
	case CXCursor_BinaryOperator:
	case CXCursor_CompoundAssignOperator: {
		const char *op = as_binop(w->fn->tu, c);
		if (!*op)
			op = macro_body_op(w->fn, c, kind);
		if (as_op_assigns(op))
			visit_assign(w, c, op);
		else
			visit_kids(w, c);
		break;
	}
	case CXCursor_UnaryOperator: {
		int post;
		const char *op = as_unop(w->fn->tu, c, &post);
		CXCursor kid[1];
		visit_kids(w, c);
		if ((!strcmp(op, "++") || !strcmp(op, "--") || !strcmp(op, "&")) && as_children(c, kid, 1) == 1) {
			const char *key = lvalue_str(w->fn, kid[0]);
			struct as_event *e = add_event(w, *op == '&' ? AS_EV_ADDR : AS_EV_INCDEC, c, key);
			e->op = op;
			local_def(w->fn, key);
		}
		break;
	}
	case CXCursor_CallExpr:
		visit_call(w, c);
		break;
	case CXCursor_AsmStmt:
		visit_asm(w, c);
		break;
	case CXCursor_VarDecl:
		visit_var(w, c);
		break;
	case CXCursor_ReturnStmt: {
		CXCursor kid[1];
		if (as_children(c, kid, 1) == 1) {
			visit_kids(w, c);
			add_event(w, AS_EV_RETURN, c, lvalue_str(w->fn, kid[0]))->rhs = kid[0];
		}
		add_event(w, AS_EV_EXIT, c, NULL);
		break;
	}
	case CXCursor_BreakStmt:
		if (!w->in_switch)
			add_event(w, AS_EV_EXIT, c, NULL);
		break;
	case CXCursor_GotoStmt:
		add_event(w, AS_EV_EXIT, c, NULL);
		break;
	case CXCursor_DeclRefExpr:
	case CXCursor_MemberRefExpr: {
		const char *key = lvalue_str(w->fn, c);
		if (key)
			add_event(w, AS_EV_USE, c, key);
		visit_kids(w, c);
		break;
	}
	default:
		visit_kids(w, c);
		break;
	}
	if (claim)
		claim->seq_end = w->seq;
}

int as_facts_build(struct as_fn *fn, struct as_tu *tu, CXCursor c)
{
	struct walk w = { 0 };
	CXString name = clang_getCursorSpelling(c);
	CXCursor kid[16], body = clang_getNullCursor();
	int n = as_children(c, kid, 16);
	unsigned off;

	memset(fn, 0, sizeof *fn);
	fn->tu = tu;
	fn->cur = c;
	fn->name = as_arena_strdup(&tu->arena, clang_getCString(name));
	clang_disposeString(name);
	if (as_loc_file(clang_getCursorLocation(c), &fn->file, &off))
		return -1;
	fn->buf = as_tu_buffer(tu, fn->file, &fn->len);
	if (!fn->buf)
		return -1;
	{
		CXString p = clang_getFileName(fn->file);
		fn->path = as_arena_strdup(&tu->arena, clang_getCString(p));
		clang_disposeString(p);
	}
	for (int i = 0; i < n && i < 16; i++)
		if (clang_getCursorKind(kid[i]) == CXCursor_CompoundStmt)
			body = kid[i];
	if (clang_Cursor_isNull(body))
		return -1;
	w.fn = fn;
	w.stmt = clang_getNullCursor();
	push_region(&w, AS_REGION_ROOT, c);
	fn->regions[0].parent = -1;
	/* Parameters are variables too: they are never substituted. */
	for (int i = 0; i < n && i < 16; i++)
		if (clang_getCursorKind(kid[i]) == CXCursor_ParmDecl) {
			CXString pn = clang_getCursorSpelling(kid[i]);
			AS_ARENA_GROW(fn->locals, fn->nlocals, fn->caplocals, &tu->arena);
			fn->locals[fn->nlocals].name = as_arena_strdup(&tu->arena, clang_getCString(pn));
			fn->locals[fn->nlocals].init = clang_getNullCursor();
			fn->locals[fn->nlocals].region = -1;
			fn->locals[fn->nlocals].decls = 1;
			fn->locals[fn->nlocals++].defs = 2;
			clang_disposeString(pn);
		}
	visit(&w, body);
	return 0;
}

long as_literal_strlen(CXCursor e)
{
	CXCursor lit;
	CXType t;
	CXEvalResult ev;
	long n = -1;

	if (clang_Cursor_isNull(e) || clang_getCursorKind(lit = as_strip(e)) != CXCursor_StringLiteral)
		return -1;
	t = clang_getCanonicalType(clang_getCursorType(lit));
	if (t.kind != CXType_ConstantArray || clang_Type_getSizeOf(clang_getArrayElementType(t)) != 1 ||
	    clang_getArraySize(t) < 1)
		return -1;
	/* The decayed literal evaluates to its bytes up to the first NUL,
	 * which is where strcpy stops too. */
	ev = clang_Cursor_Evaluate(e);
	if (ev && clang_EvalResult_getKind(ev) == CXEval_StrLiteral)
		n = (long)strlen(clang_EvalResult_getAsStr(ev));
	if (ev)
		clang_EvalResult_dispose(ev);
	return n;
}

long as_call_literal_bytes(const struct as_call *c)
{
	CXCursor lit;
	CXType t;

	if (!c->rule || !c->rule->size_is_strlen1 || as_literal_strlen(as_call_role(c, c->rule->src)) < 0)
		return -1;
	lit = as_strip(as_call_role(c, c->rule->src));
	t = clang_getCanonicalType(clang_getCursorType(lit));
	return (long)clang_getArraySize(t);
}

struct as_key *as_call_size_literal(struct as_fn *fn, const struct as_call *c)
{
	long n = c->rule && c->rule->size_is_strlen1 ? as_literal_strlen(as_call_role(c, c->rule->src)) : -1;

	return n < 0 ? NULL : as_key_num(fn->tu, n + 1);
}

struct as_key *as_call_size(struct as_fn *fn, const struct as_call *c)
{
	const struct as_rule *r = c->rule;
	struct as_key *kid[2];

	if (!r)
		return NULL;
	if (r->size_is_strlen1) {
		/* Read as sizes are, so that malloc(strlen(tok->encoding) + 1)
		 * with tok = mk(fp) matches strcpy(p, tok->encoding). */
		struct as_key *src = as_fn_size_key(fn, as_call_role(c, r->src));
		kid[0] = as_key_call(fn->tu, "strlen", &src, 1);
		kid[1] = as_key_num(fn->tu, 1);
		return as_key_nary(fn->tu, "+", kid, 2);
	}
	if ((r->scale > 1 || r->add) && r->size != AS_NO_ARG) {
		/* A summarised helper: scale * its size argument + add. */
		kid[0] = as_fn_size_key(fn, as_call_role(c, r->size));
		kid[1] = as_key_num(fn->tu, r->scale > 1 ? r->scale : 1);
		kid[0] = as_key_nary(fn->tu, "*", kid, 2);
		kid[1] = as_key_num(fn->tu, r->add);
		return as_key_nary(fn->tu, "+", kid, 2);
	}
	if (r->type != AS_NO_ARG) {
		if (c->type_size < 0)
			return NULL;
		kid[0] = as_key_num(fn->tu, c->type_size);
		if (r->count == AS_NO_ARG)
			return kid[0];
		kid[1] = as_fn_size_key(fn, as_call_role(c, r->count));
		return as_key_nary(fn->tu, "*", kid, 2);
	}
	if (r->size == AS_NO_ARG)
		return NULL;
	kid[0] = as_fn_size_key(fn, as_call_role(c, r->size));
	if (r->count == AS_NO_ARG)
		return kid[0];
	kid[1] = as_fn_size_key(fn, as_call_role(c, r->count));
	return as_key_nary(fn->tu, "*", kid, 2);
}

CXCursor as_call_role(const struct as_call *c, int index)
{
	if (index < 0 || index >= c->nargs)
		return clang_getNullCursor();
	return c->arg[index];
}

int as_region_within(const struct as_fn *fn, int r, int ancestor)
{
	for (; r >= 0; r = fn->regions[r].parent)
		if (r == ancestor)
			return 1;
	return 0;
}

int as_region_loop(const struct as_fn *fn, int r)
{
	for (; r >= 0; r = fn->regions[r].parent)
		if (fn->regions[r].kind == AS_REGION_LOOP)
			return r;
	return -1;
}

/* A continue written between two file offsets. */
struct span_ctx {
	unsigned from, to;
};

static int is_continue_within(CXCursor c, void *ctx)
{
	const struct span_ctx *s = ctx;
	unsigned off;

	if (clang_getCursorKind(c) != CXCursor_ContinueStmt)
		return 0;
	off = file_off(c);
	return off > s->from && off < s->to;
}

int as_event_leaves_loop(const struct as_fn *fn, int i)
{
	int r = fn->ev[i].region, loop = as_region_loop(fn, r);

	/* Exits in this very region count, and, when no continue can skip
	 * them, those later in the regions around it up to the loop's own
	 * (CPython's "if (c == 'm') { if (!x) x = dup(); break; }"): an exit
	 * in a nested branch is conditional (a break that leaves a switch is
	 * no exit at all). */
	for (int j = i + 1; j < fn->nev; j++) {
		if (fn->ev[j].kind != AS_EV_EXIT)
			continue;
		if (fn->ev[j].region == r)
			return 1;
		/* Only a continue between the site and the exit can skip it; an
		 * exit in a branch on a status the pass has set is taken too. */
		if (loop >= 0 && as_region_within(fn, fn->ev[j].region, loop) &&
		    (as_region_within(fn, r, fn->ev[j].region) || as_exit_forced(fn, i, j))) {
			struct span_ctx span = { file_off(fn->ev[i].cur), file_off(fn->ev[j].cur) };
			if (!as_subtree_any(fn->cur, is_continue_within, &span))
				return 1;
		}
	}
	return 0;
}

int as_region_loop_between(const struct as_fn *fn, int r, int ancestor)
{
	for (; r >= 0 && r != ancestor; r = fn->regions[r].parent)
		if (fn->regions[r].kind == AS_REGION_LOOP)
			return 1;
	return 0;
}

int as_region_unguarded_between(const struct as_fn *fn, int r, int ancestor, const char *key)
{
	for (; r >= 0 && r != ancestor; r = fn->regions[r].parent)
		if (!fn->regions[r].null_tested || strcmp(fn->regions[r].null_tested, key))
			return r;
	return -1;
}

/* The parentheses and brackets text leaves open at its end (-1: it closes
 * one it did not open, or holds a comma outside them): 0 for an
 * expression's whole text, else a macro invocation torn at an argument. */
static int open_at_end(const char *s, size_t n)
{
	int depth = 0;

	for (size_t i = 0; i < n; i++) {
		if (s[i] == '"' || s[i] == '\'') {
			char q = s[i];
			for (i++; i < n && s[i] != q; i++)
				i += s[i] == '\\';
		} else if (s[i] == '(' || s[i] == '[') {
			depth++;
		} else if (s[i] == ')' || s[i] == ']') {
			if (--depth < 0)
				return -1;
		} else if (s[i] == ',' && !depth) {
			return -1;
		}
	}
	return depth;
}

const char *as_fn_text(struct as_fn *fn, CXCursor c)
{
	unsigned b = file_off(c), e = file_end(c);

	if (e <= b || e > fn->len)
		return "";
	/* An expression that starts in a macro's argument and ends in its
	 * body (push_delimiter (dstack, ch) storing into dstack.delimiters)
	 * spans from the argument to the invocation's end: show the whole
	 * invocation rather than "dstack, ch)". */
	if (open_at_end(fn->buf + b, e - b)) {
		CXFile f;
		unsigned eb;
		int open;
		if (!as_loc_expansion(clang_getRangeStart(clang_getCursorExtent(c)), &f, &eb) && eb < b)
			b = eb;
		/* One that starts at the invocation and ends in an argument
		 * (COPY_POINTER_FIELD(sortColIdx): to the invocation's end. */
		while ((open = open_at_end(fn->buf + b, e - b)) > 0 && e < fn->len)
			e++;
	}
	return as_arena_strndup(&fn->tu->arena, fn->buf + b, e - b);
}

unsigned as_event_line(const struct as_event *e)
{
	CXFile f;
	unsigned line, col, off;

	clang_getFileLocation(clang_getRangeStart(clang_getCursorExtent(e->cur)), &f, &line, &col, &off);
	return line;
}

void as_fn_line_col(const struct as_fn *fn, unsigned off, unsigned *line, unsigned *col)
{
	as_tu_line_col(fn->tu, fn->file, off, line, col);
}

unsigned as_fn_directive_line(const struct as_fn *fn, unsigned from, unsigned to)
{
	/* The preprocessor's own tokens: a %: digraph is a directive, an
	 * #endif inside a comment is not. */
	return as_directive_line(fn->tu, fn->file, from, to);
}

/* Which roles the calls of a function body play, for as_facts_worth. */
struct roles {
	struct as_tu *tu;
	unsigned mask;
	unsigned long allocs; /* pack allocators called */
};

/* The roles whose calls make a block: what tells a pack describes the code. */
static int allocates(enum as_role role)
{
	return role == AS_ROLE_ALLOC || role == AS_ROLE_REALLOC || role == AS_ROLE_DUP || role == AS_ROLE_OBJECT_COPY;
}

static enum CXChildVisitResult note_roles(CXCursor c, CXCursor parent, CXClientData data)
{
	struct roles *r = data;

	(void)parent;
	if (clang_getCursorKind(c) == CXCursor_CallExpr) {
		const char *nm = as_tu_callee(r->tu, c);
		const struct as_rule *rule = as_tu_function(r->tu, nm, strlen(nm));
		if (rule)
			r->mask |= 1u << rule->role;
		if (rule && !rule->summary && allocates(rule->role))
			r->allocs++;
		/* A call of a function that regrows per call counts as a realloc. */
		if (as_tu_grower(r->tu, nm, strlen(nm)))
			r->mask |= 1u << AS_ROLE_REALLOC;
	}
	return CXChildVisit_Recurse;
}

static int sites_possible(unsigned mask)
{
	return (mask & (1u << AS_ROLE_REALLOC)) || (mask & (1u << AS_ROLE_DUP)) ||
	       (mask & (1u << AS_ROLE_OBJECT_COPY)) || ((mask & (1u << AS_ROLE_ALLOC)) && (mask & (1u << AS_ROLE_COPY)));
}

static int roles_in(struct as_tu *tu, CXCursor c, unsigned *mask);

/* A for statement at the top of a function's body: it may be a loop
 * copying element by element (as_summary.c). */
static int has_top_loop(CXCursor fn)
{
	CXCursor kid[16], stmt[64];
	int n = as_children(fn, kid, 16), m;

	if (n < 1 || n > 16 || clang_getCursorKind(kid[n - 1]) != CXCursor_CompoundStmt)
		return 0;
	m = as_children(kid[n - 1], stmt, 64);
	for (int i = 0; i < m && i < 64; i++)
		if (clang_getCursorKind(stmt[i]) == CXCursor_ForStmt)
			return 1;
	return 0;
}

int as_facts_may_summarise(struct as_tu *tu, CXCursor c)
{
	unsigned mask = 0;

	roles_in(tu, c, &mask);
	return (mask & (1u << AS_ROLE_ALLOC)) || (mask & (1u << AS_ROLE_COPY)) || (mask & (1u << AS_ROLE_REALLOC)) ||
	       has_top_loop(c);
}

static enum CXChildVisitResult find_loop(CXCursor c, CXCursor parent, CXClientData data)
{
	enum CXCursorKind k = clang_getCursorKind(c);

	(void)parent;
	if (k == CXCursor_ForStmt || k == CXCursor_WhileStmt) {
		*(int *)data = 1;
		return CXChildVisit_Break;
	}
	return CXChildVisit_Recurse;
}

int as_facts_worth(struct as_tu *tu, CXCursor c)
{
	unsigned mask = 0;
	int loop = 0;

	if (roles_in(tu, c, &mask))
		return 1;
	/* An allocation and a loop: the loop may copy into the block. */
	if (mask & (1u << AS_ROLE_ALLOC))
		clang_visitChildren(c, find_loop, &loop);
	return loop;
}

/* Fills *mask with the roles of the calls in c; returns sites_possible. */
static int roles_in(struct as_tu *tu, CXCursor c, unsigned *mask)
{
	struct roles r = { tu, 0, 0 };
	CXSourceRange ext = clang_getCursorExtent(c);
	CXFile f;
	unsigned b, e;
	const char *buf;
	size_t len;

	/* Pack macros by name in the text: their expansion may call functions
	 * no pack knows (GLOB_ALLOC_N over glob_alloc_n). */
	if (!as_loc_file(clang_getRangeStart(ext), &f, &b) && !as_loc_file(clang_getRangeEnd(ext), &f, &e) &&
	    (buf = as_tu_buffer(tu, f, &len)) && e <= len)
		for (size_t i = b; i < e;) {
			size_t n = as_lex_ident_at(buf, len, i);
			const struct as_rule *m;
			if (!n) {
				i++;
				continue;
			}
			if ((i == 0 || !(buf[i - 1] == '_' || (buf[i - 1] >= '0' && buf[i - 1] <= '9'))) &&
			    (m = as_rules_macro(tu->rules, buf + i, n))) {
				r.mask |= 1u << m->role;
				r.allocs += allocates(m->role);
			}
			i += n;
		}
	if (sites_possible(r.mask)) {
		tu->allocs_seen += r.allocs + 1;
		*mask = r.mask;
		return 1;
	}
	clang_visitChildren(c, note_roles, &r);
	tu->allocs_seen += r.allocs;
	*mask = r.mask;
	return sites_possible(r.mask);
}

struct as_cfg *as_fn_cfg(struct as_fn *fn)
{
	if (!fn->cfg) {
		fn->cfg = as_arena_alloc(&fn->tu->arena, sizeof *fn->cfg);
		as_cfg_build(fn->cfg, fn->tu, fn->cur, fn->buf, fn->len);
	}
	return fn->cfg;
}
