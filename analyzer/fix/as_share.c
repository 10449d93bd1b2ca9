/* as_share.c - the share fix for a copy that is stored (DESIGN.md, "Fix
 * classes": every write and free of the copy visible to the analysis).
 *
 * The location must be one no other unit can name: the elements of a
 * pointer-to-pointer field of a struct defined in the main file, or of a
 * static or automatic variable. Every reference to it in the unit is
 * classified: reads stay; a write through an element gets
 * `X = asrt_cow_mut_or_abort_at(X, n, site);` before its statement; a free of an
 * element becomes asrt_cow_release_at; the container itself may only be
 * allocated, reallocated in place, freed, copied to the same field or
 * tested. Anything else (an element or the container passed, stored,
 * returned, cast, its address taken; another pointer stored into the
 * location) refuses the fix. Limits: one store of a share site per
 * location; a unit that declares an identical struct of its own is not
 * seen, nor is the compile database consulted. */
#include "as_share.h"

#include <stdio.h>
#include <string.h>

#include "as_names.h"
#include "as_readonly.h"

#define MAX_DEPTH 512
#define MAX_NAMES 8

struct share_walk {
	struct as_fn *fn;
	const struct as_family *fam;
	CXCursor decl;     /* the field or variable holding the copies */
	CXCursor record;   /* the field's struct; null for a variable */
	CXType decl_type;  /* canonical */
	const char *shown; /* the location as reports name it */
	CXCursor store;    /* the store of the copy being shared */
	const char *size, *site;
	const char *names[MAX_NAMES]; /* what the size names: file-scope declarations */
	unsigned names_end;           /* offset past the last of their declarations */
	int nnames;
	CXCursor cur;              /* the cursor being visited */
	CXCursor stack[MAX_DEPTH]; /* its ancestors */
	int depth;
	int stored; /* the share site's store was seen */
	struct as_draft *d;
	const char *why; /* the first reason to refuse, or NULL */
};

static unsigned line_of(CXCursor c)
{
	unsigned line, col, off;
	CXFile f;

	clang_getFileLocation(clang_getCursorLocation(c), &f, &line, &col, &off);
	return line;
}

/* Records the first reason to refuse; returns -1 for the caller to pass on. */
static int refuse(struct share_walk *w, CXCursor at, const char *what)
{
	if (!w->why)
		w->why = as_fix_say(w->fn, "%s %s (line %u)", w->shown, what, line_of(at));
	return -1;
}

static CXCursor node(const struct share_walk *w, int level)
{
	return level == w->depth ? w->cur : w->stack[level];
}

/* The nearest ancestor of the node at level that is no parenthesis or
 * implicit conversion, its level in *at and the index of the child the
 * path comes from in *idx; a null cursor at the top. */
static CXCursor parent_of(const struct share_walk *w, int level, int *at, int *idx)
{
	CXCursor kid[4], from;
	int i = level - 1, n;

	while (i >= 0 && (clang_getCursorKind(w->stack[i]) == CXCursor_ParenExpr ||
			  clang_getCursorKind(w->stack[i]) == CXCursor_UnexposedExpr))
		i--;
	*at = i;
	*idx = -1;
	if (i < 0)
		return clang_getNullCursor();
	from = node(w, i + 1);
	n = as_children(w->stack[i], kid, 4);
	for (int k = 0; k < n && k < 4; k++)
		if (clang_equalCursors(kid[k], from))
			*idx = k;
	return w->stack[i];
}

/* A declaration is its first one: a block-scope 'extern char **slots;'
 * names the file's static slots. */
static int is_decl(const struct share_walk *w, CXCursor d)
{
	return clang_equalCursors(clang_getCanonicalCursor(d), w->decl);
}

static int refers_to_decl(const struct share_walk *w, CXCursor c)
{
	enum CXCursorKind k;

	c = as_strip(c);
	k = clang_getCursorKind(c);
	return (k == CXCursor_MemberRefExpr || k == CXCursor_DeclRefExpr) && is_decl(w, clang_getCursorReferenced(c));
}

static const struct as_rule *callee_rule(struct share_walk *w, CXCursor call)
{
	const char *nm = as_tu_callee(w->fn->tu, call);

	return as_tu_function(w->fn->tu, nm, strlen(nm));
}

static int arg_index(CXCursor call, CXCursor arg)
{
	int n = clang_Cursor_getNumArguments(call);

	for (int i = 0; i < n; i++)
		if (clang_equalCursors(clang_Cursor_getArgument(call, (unsigned)i), arg))
			return i;
	return -1;
}

/* The cursor's text is where the user wrote it in the function's file, so
 * it can be copied: its first token is no macro's (libclang maps a macro
 * body's tokens to the invocation), and it ends with the character last
 * (']' of a subscript, ')' of a call; 0: not checked). */
static int plain_text(const struct share_walk *w, CXCursor c, char last, unsigned *begin, unsigned *end)
{
	CXSourceRange r = clang_getCursorExtent(c);
	CXFile f1, f2;

	if (as_loc_file(clang_getRangeStart(r), &f1, begin) || as_loc_file(clang_getRangeEnd(r), &f2, end) ||
	    !clang_File_isEqual(f1, w->fn->file) || !clang_File_isEqual(f2, w->fn->file) || *begin >= *end ||
	    *end > w->fn->len || !as_cursor_user_written(w->fn->tu, c))
		return 0;
	return !last || w->fn->buf[*end - 1] == last;
}

static enum CXChildVisitResult find_call(CXCursor c, CXCursor parent, CXClientData data)
{
	(void)parent;
	if (clang_getCursorKind(c) == CXCursor_CallExpr) {
		*(int *)data = 1;
		return CXChildVisit_Break;
	}
	return CXChildVisit_Recurse;
}

static int add_edit(struct share_walk *w, CXCursor at, unsigned begin, unsigned end, const char *text)
{
	if (w->d->nfixits == AS_MAX_FIXITS)
		return refuse(w, at, "has more writes and frees than one fix can carry");
	return as_fix_edit(w->fn, w->d, begin, end, text)
		       ? refuse(w, at, as_fix_say(w->fn, "cannot be rewritten: %s", w->d->reason))
		       : 0;
}

/* A write through element e by the statement-level expression at level wl:
 * make the element private first. */
static int element_written(struct share_walk *w, int wl, CXCursor e)
{
	int at, idx, calls = 0;
	CXCursor blk = parent_of(w, wl, &at, &idx), stmt = node(w, at + 1);
	const struct as_key *k = as_fn_lvalue_key(w->fn, e);
	unsigned b, en, eb, ee;
	const char *text;

	clang_visitChildren(node(w, wl), find_call, &calls);
	if (clang_getCursorKind(blk) != CXCursor_CompoundStmt)
		return refuse(w, node(w, wl), "is written inside a larger expression or statement");
	if (!plain_text(w, stmt, 0, &b, &en) || !plain_text(w, e, ']', &eb, &ee))
		return refuse(w, node(w, wl), "is written inside a macro or outside this file");
	if (k->has_call || k->has_write || k->unknown)
		return refuse(w, node(w, wl), "is written through an element named with side effects");
	if (calls)
		return refuse(w, node(w, wl), "is written by a statement that also calls a function");
	if (b < w->names_end)
		return refuse(w, node(w, wl), "is written before the declarations its size names");
	text = as_arena_strndup(&w->fn->tu->arena, w->fn->buf + eb, ee - eb);
	/* On the statement's line, ahead of it: the lines after keep their
	 * numbers. */
	return add_edit(w, stmt, b, b,
			as_fix_say(w->fn, "%s = asrt_cow_mut_or_abort_at(%s, %s, %s); ", text, text, w->size, w->site));
}

/* An lvalue inside the copy an element points to (*e, e[i], e->m and
 * their subobjects): read, written, or its address taken. */
static int inside_copy(struct share_walk *w, int level, CXCursor e)
{
	int at, idx;
	CXCursor p = parent_of(w, level, &at, &idx);
	enum CXCursorKind pk = clang_getCursorKind(p);
	CXType t = clang_getCanonicalType(clang_getCursorType(node(w, level)));
	const char *op;
	int post;

	/* a[i].m and m[i] of an array member are the same object's parts. */
	while ((pk == CXCursor_ArraySubscriptExpr && idx == 0 && t.kind == CXType_ConstantArray) ||
	       (pk == CXCursor_MemberRefExpr && t.kind == CXType_Record)) {
		level = at;
		p = parent_of(w, level, &at, &idx);
		pk = clang_getCursorKind(p);
		t = clang_getCanonicalType(clang_getCursorType(node(w, level)));
	}
	if ((pk == CXCursor_BinaryOperator || pk == CXCursor_CompoundAssignOperator) && idx == 0) {
		op = as_binop(w->fn->tu, p);
		if (!*op)
			return refuse(w, p, "is used by an operator the analysis cannot read");
		if (as_op_assigns(op))
			return element_written(w, at, e);
	}
	if (pk == CXCursor_UnaryOperator) {
		op = as_unop(w->fn->tu, p, &post);
		if (!strcmp(op, "++") || !strcmp(op, "--"))
			return element_written(w, at, e);
		if (!*op || !strcmp(op, "&"))
			return refuse(w, p, "has the address of a part of a copy taken");
	}
	if (t.kind == CXType_ConstantArray || t.kind == CXType_IncompleteArray)
		return refuse(w, p, "has a part of a copy used as a pointer");
	return 0;
}

/* An element passed to a call: its family's free, or a function the packs
 * declare read-only (a const parameter is no proof: strchr returns a
 * writable pointer into its argument, tsearch keeps it). */
static int element_passed(struct share_walk *w, CXCursor call, CXCursor arg)
{
	const struct as_rule *r = callee_rule(w, call);
	CXString name;
	unsigned b, e, ab, ae;
	size_t n;

	if (r && r->role == AS_ROLE_READ && !as_call_not_read_only(w->fn->tu, call, r))
		return 0;
	if (!r || r->role != AS_ROLE_FREE || arg_index(call, arg) != r->ptr || !as_family_frees_with(w->fam, r->name)) {
		name = clang_getCursorSpelling(call);
		refuse(w, call, as_fix_say(w->fn, "has an element passed to %s(), which may write, keep or move it", clang_getCString(name)));
		clang_disposeString(name);
		return -1;
	}
	n = plain_text(w, call, ')', &b, &e) && plain_text(w, arg, ']', &ab, &ae)
		    ? as_lex_ident_at(w->fn->buf, w->fn->len, b)
		    : 0;
	if (!n || strlen(r->name) != n || memcmp(w->fn->buf + b, r->name, n))
		return refuse(w, call, "has an element freed inside a macro or outside this file");
	return add_edit(w, call, b, e,
			as_fill_template(w->fn, "asrt_cow_release_at($ptr, $site)", "",
					 as_arena_strndup(&w->fn->tu->arena, w->fn->buf + ab, ae - ab), "", w->site));
}

/* The operator of a unary or binary operator cursor, "" for other cursors
 * or when it cannot be read. */
static const char *op_of(struct share_walk *w, CXCursor p)
{
	enum CXCursorKind k = clang_getCursorKind(p);
	int post;

	if (k == CXCursor_BinaryOperator || k == CXCursor_CompoundAssignOperator)
		return as_binop(w->fn->tu, p);
	return k == CXCursor_UnaryOperator ? as_unop(w->fn->tu, p, &post) : "";
}

/* The pointer at child idx of p is only tested, for truth or against NULL:
 * sharing changes neither answer. */
static int only_tested(CXCursor p, int idx, const char *op)
{
	CXCursor kid[2];

	switch (clang_getCursorKind(p)) {
	case CXCursor_IfStmt:
	case CXCursor_WhileStmt:
	case CXCursor_DoStmt:
	case CXCursor_ForStmt:
		return 1;
	case CXCursor_ConditionalOperator:
		return idx == 0;
	case CXCursor_UnaryOperator:
		return !strcmp(op, "!");
	case CXCursor_BinaryOperator:
		if (!strcmp(op, "&&") || !strcmp(op, "||"))
			return 1;
		return (!strcmp(op, "==") || !strcmp(op, "!=")) && (idx == 0 || idx == 1) &&
		       as_children(p, kid, 2) == 2 && as_null_constant(kid[1 - idx]);
	default:
		return 0;
	}
}

/* An element (e[i] or *e) at level: its pointer is read, tested, stored
 * into, passed, or the copy it points to is used. */
static int element_use(struct share_walk *w, int level)
{
	int at, idx;
	CXCursor e = node(w, level), p = parent_of(w, level, &at, &idx), kid[2];
	enum CXCursorKind pk = clang_getCursorKind(p);
	const char *op = op_of(w, p);

	if (only_tested(p, idx, op))
		return 0;
	switch (pk) {
	case CXCursor_ArraySubscriptExpr:
		if (idx == 0)
			return inside_copy(w, at, e);
		break;
	case CXCursor_MemberRefExpr:
		return inside_copy(w, at, e);
	case CXCursor_UnaryOperator:
		if (!strcmp(op, "*"))
			return inside_copy(w, at, e);
		if (!strcmp(op, "&"))
			return refuse(w, p, "has the address of an element taken");
		break;
	case CXCursor_BinaryOperator:
	case CXCursor_CompoundAssignOperator:
		if (idx == 0 && !strcmp(op, "=")) {
			if (clang_equalCursors(p, w->store)) {
				w->stored = 1;
				return 0;
			}
			if (as_children(p, kid, 2) == 2 && as_null_constant(kid[1]))
				return 0;
			return refuse(w, p, "receives a pointer that is no shared copy: shared and plain copies would mix");
		}
		if (idx == 1 && !strcmp(op, "="))
			return refuse(w, p, "has an element copied into another pointer");
		break;
	case CXCursor_CallExpr:
		return element_passed(w, p, node(w, at + 1));
	case CXCursor_VarDecl:
		return refuse(w, p, "has an element copied into another pointer");
	default:
		break;
	}
	return refuse(w, p, "has an element stored, passed, converted or compared where the analysis does not follow it");
}

/* A value the container may receive: null, a fresh block, or the same
 * field or variable (the elements are then the same ones). */
static int container_value(struct share_walk *w, CXCursor v)
{
	const struct as_rule *r;

	v = as_strip(v);
	if (as_null_constant(v) || refers_to_decl(w, v))
		return 1;
	r = clang_getCursorKind(v) == CXCursor_CallExpr ? callee_rule(w, v) : NULL;
	return r && (r->role == AS_ROLE_ALLOC || r->role == AS_ROLE_REALLOC);
}

/* The container (the field's or variable's own value) at the current cursor. */
static int container_use(struct share_walk *w)
{
	int at, idx, at2, idx2;
	CXCursor p = parent_of(w, w->depth, &at, &idx), kid[2], q;
	enum CXCursorKind pk = clang_getCursorKind(p);
	const struct as_rule *r;
	const char *op = op_of(w, p);

	if (only_tested(p, idx, op))
		return 0;
	switch (pk) {
	case CXCursor_ArraySubscriptExpr:
		if (idx == 0)
			return element_use(w, at);
		break;
	case CXCursor_UnaryOperator:
		if (!strcmp(op, "*"))
			return element_use(w, at);
		break;
	case CXCursor_BinaryOperator:
		if (idx == 0 && !strcmp(op, "=") && as_children(p, kid, 2) == 2)
			return container_value(w, kid[1]) ? 0
							  : refuse(w, p, "is assigned a block whose elements the analysis does not follow");
		break;
	case CXCursor_CallExpr:
		r = callee_rule(w, p);
		if (r && arg_index(p, node(w, at + 1)) == r->ptr) {
			if (r->role == AS_ROLE_FREE)
				return 0;
			/* p->f = realloc(p->f, n): the elements move with the block. */
			q = parent_of(w, at, &at2, &idx2);
			if (r->role == AS_ROLE_REALLOC && clang_getCursorKind(q) == CXCursor_BinaryOperator && idx2 == 1 &&
			    !strcmp(as_binop(w->fn->tu, q), "=") && as_children(q, kid, 2) == 2 && refers_to_decl(w, kid[0]))
				return 0;
		}
		return refuse(w, p, "is passed to a function that may keep or write its elements");
	default:
		break;
	}
	return refuse(w, w->cur, pk == CXCursor_UnaryOperator && !strcmp(op, "&") ? "has its address taken" : "is stored, passed or converted where the analysis does not follow it");
}

/* ".m = v" in an initialiser list: the member designator checks it. */
static int designated(CXCursor c)
{
	CXCursor kid[1];

	return clang_getCursorKind(c) == CXCursor_UnexposedExpr && as_children(c, kid, 1) >= 1 &&
	       clang_getCursorKind(kid[0]) == CXCursor_MemberRef;
}

/* An initialiser list of the field's struct: the values it gives the
 * field's type must be containers too. */
static int struct_initialiser(struct share_walk *w, CXCursor c)
{
	CXCursor kid[64];
	int n = as_children(c, kid, 64);

	if (n > 64)
		return refuse(w, c, "has an initialiser too large to follow");
	for (int i = 0; i < n; i++)
		if (clang_isExpression(clang_getCursorKind(kid[i])) && !designated(kid[i]) &&
		    clang_equalTypes(clang_getCanonicalType(clang_getCursorType(kid[i])), w->decl_type) &&
		    !container_value(w, kid[i]))
			return refuse(w, kid[i], "is initialised with a block whose elements the analysis does not follow");
	return 0;
}

/* The variable's own initialiser: a container value, or a list of nulls. */
static int variable_initialiser(struct share_walk *w, CXCursor c)
{
	CXCursor kid[4], v, el[64];
	int n = as_children(c, kid, 4), m;

	if (n < 1 || n > 4 || !clang_isExpression(clang_getCursorKind(kid[n - 1])))
		return 0;
	v = kid[n - 1];
	if (clang_getCursorKind(v) != CXCursor_InitListExpr)
		return container_value(w, v) ? 0
					     : refuse(w, v, "is initialised with a block whose elements the analysis does not follow");
	m = as_children(v, el, 64);
	for (int i = 0; i < m; i++)
		if (i >= 64 || !as_null_constant(el[i]))
			return refuse(w, v, "is initialised with pointers that are no shared copies");
	return 0;
}

/* A member designator naming the field: ".f = NULL" in an initialiser;
 * anything else (offsetof, ".f = p") reaches the field unseen. */
static int designator(struct share_walk *w, CXCursor c)
{
	CXCursor kid[3], p = w->depth ? w->stack[w->depth - 1] : clang_getNullCursor();

	if (clang_getCursorKind(p) == CXCursor_UnexposedExpr && as_children(p, kid, 3) == 2 &&
	    clang_equalCursors(kid[0], c) && as_null_constant(kid[1]))
		return 0;
	return refuse(w, c, "is named by offsetof or a designated initialiser the analysis does not follow");
}

/* A declaration that hides a name the size uses. */
static int check_shadow(struct share_walk *w, CXCursor c)
{
	CXString s;
	const char *nm;

	if (clang_getCursorKind(clang_getCursorSemanticParent(c)) == CXCursor_TranslationUnit)
		return 0;
	s = clang_getCursorSpelling(c);
	nm = clang_getCString(s);
	if (as_name_in(nm, w->names, (size_t)w->nnames))
		refuse(w, c, as_fix_say(w->fn, "is used where '%s', which the copy's size names, may be another variable", nm));
	clang_disposeString(s);
	return w->why ? -1 : 0;
}

struct holds {
	CXCursor record;
	int depth, found;
};

static int holds_record(CXType t, CXCursor record, int depth);

static enum CXVisitorResult field_holds(CXCursor f, CXClientData data)
{
	struct holds *h = data;

	h->found = holds_record(clang_getCursorType(f), h->record, h->depth + 1);
	return h->found ? CXVisit_Break : CXVisit_Continue;
}

/* True if an object of type t has the record inside it, by value (itself,
 * a member, an element): its address reaches the field. */
static int holds_record(CXType t, CXCursor record, int depth)
{
	struct holds h = { record, depth, 0 };

	t = clang_getCanonicalType(t);
	while (t.kind == CXType_ConstantArray || t.kind == CXType_IncompleteArray)
		t = clang_getCanonicalType(clang_getArrayElementType(t));
	if (t.kind != CXType_Record || depth > 16)
		return 0;
	if (clang_equalCursors(clang_getTypeDeclaration(t), record))
		return 1;
	clang_Type_visitFields(t, field_holds, &h);
	return h.found;
}

/* A conversion of a pointer (or a pointer to pointers) to a struct holding
 * the field's struct into a pointer of another type (void *, char *, a
 * look-alike struct): the field is then reached by code that does not
 * name it. */
static int address_converted(struct share_walk *w, CXCursor c)
{
	CXCursor kid[4];
	CXType to = clang_getCanonicalType(clang_getCursorType(c)), from;
	int n = as_children(c, kid, 4);

	if (n < 1 || n > 4 || !clang_isExpression(clang_getCursorKind(kid[n - 1])))
		return 0;
	from = clang_getCanonicalType(clang_getCursorType(kid[n - 1]));
	if (from.kind != CXType_Pointer)
		return 0;
	while (from.kind == CXType_Pointer) {
		from = clang_getCanonicalType(clang_getPointeeType(from));
		to = to.kind == CXType_Pointer ? clang_getCanonicalType(clang_getPointeeType(to)) : to;
	}
	if (!holds_record(from, w->record, 0))
		return 0;
	/* Qualifiers added (struct S * to const struct S *) keep the type. */
	if (to.kind == from.kind && clang_equalCursors(clang_getTypeDeclaration(to), clang_getTypeDeclaration(from)))
		return 0;
	return refuse(w, c, "has the address of a struct holding it converted to another type, through which code that "
			    "does not name the field may reach it");
}

/* A union member holding the field's struct: another member of the union
 * reaches the field without naming it. */
static int in_union(struct share_walk *w, CXCursor field)
{
	if (clang_getCursorKind(clang_getCursorSemanticParent(field)) != CXCursor_UnionDecl ||
	    !holds_record(clang_getCursorType(field), w->record, 0))
		return 0;
	return refuse(w, field, "is held in a union member, whose other members reach it without naming the field");
}

static enum CXChildVisitResult visit(CXCursor c, CXCursor parent, CXClientData data)
{
	struct share_walk *w = data;
	enum CXCursorKind k = clang_getCursorKind(c);

	(void)parent;
	if (w->depth == 0 && clang_Location_isInSystemHeader(clang_getCursorLocation(c)))
		return CXChildVisit_Continue;
	if (as_unevaluated(c))
		return CXChildVisit_Continue;
	w->cur = c;
	if ((k == CXCursor_MemberRefExpr || k == CXCursor_DeclRefExpr) && is_decl(w, clang_getCursorReferenced(c)))
		container_use(w);
	else if (k == CXCursor_MemberRef && is_decl(w, clang_getCursorReferenced(c)))
		designator(w, c);
	else if (k == CXCursor_VarDecl && is_decl(w, c))
		variable_initialiser(w, c);
	else if (k == CXCursor_InitListExpr && !clang_Cursor_isNull(w->record) &&
		 clang_equalCursors(clang_getTypeDeclaration(clang_getCanonicalType(clang_getCursorType(c))), w->record))
		struct_initialiser(w, c);
	else if ((k == CXCursor_CStyleCastExpr || k == CXCursor_UnexposedExpr) && !clang_Cursor_isNull(w->record))
		address_converted(w, c);
	else if (k == CXCursor_FieldDecl && !clang_Cursor_isNull(w->record))
		in_union(w, c);
	if (k == CXCursor_VarDecl || k == CXCursor_ParmDecl)
		check_shadow(w, c);
	if (w->why)
		return CXChildVisit_Break;
	if (w->depth == MAX_DEPTH) {
		refuse(w, c, "is used in code nested too deeply to follow");
		return CXChildVisit_Break;
	}
	w->stack[w->depth++] = c;
	clang_visitChildren(c, visit, w);
	w->depth--;
	return w->why ? CXChildVisit_Break : CXChildVisit_Continue;
}

/* The cursor is named by the token itself, not by a macro the token is
 * ("struct S" is named by "S"). */
static int names_token(CXCursor c, const char *token)
{
	CXString s = clang_getCursorSpelling(c);
	const char *nm = clang_getCString(s);
	size_t n = nm ? strlen(nm) : 0, t = strlen(token);
	int same = n >= t && !strcmp(nm + n - t, token) && (n == t || nm[n - t - 1] == ' ');

	clang_disposeString(s);
	return same;
}

struct size_reads {
	struct share_walk *w;
	const char *why;
};

/* S8: the size is evaluated again at each write, so every object it reads
 * must keep its value (calls of the unit's functions are refused before:
 * they may write the source). */
static enum CXChildVisitResult size_read(CXCursor c, CXCursor parent, CXClientData data)
{
	struct size_reads *r = data;
	enum CXCursorKind k = clang_getCursorKind(c);
	CXCursor d;
	CXString s;

	(void)parent;
	if (as_unevaluated(c))
		return CXChildVisit_Continue;
	if (k != CXCursor_DeclRefExpr)
		return CXChildVisit_Recurse;
	d = clang_getCursorReferenced(c);
	if (clang_getCursorKind(d) != CXCursor_VarDecl || as_type_deeply_const(clang_getCursorType(d)))
		return CXChildVisit_Continue;
	s = clang_getCursorSpelling(d);
	r->why = as_fix_say(r->w->fn, "its size reads '%s', a global that may change between the writes (S8)",
			    clang_getCString(s));
	clang_disposeString(s);
	return CXChildVisit_Break;
}

/* What the size expression names: file-scope declarations only, and no
 * macro, so that its text means the same wherever a write is; and none of
 * them a mutable global, so that its value is the same too. */
static const char *size_names(struct share_walk *w, CXCursor size)
{
	CXTranslationUnit tu = w->fn->tu->tu;
	CXToken *tok = NULL;
	unsigned ntok = 0;
	const char *why = NULL;
	unsigned b, e;

	if (!plain_text(w, size, 0, &b, &e))
		return "its size is written with a macro";
	clang_tokenize(tu, clang_getCursorExtent(size), &tok, &ntok);
	for (unsigned i = 0; i < ntok && !why; i++) {
		CXString s;
		CXCursor at, d;
		enum CXCursorKind dk;
		CXFile f;
		unsigned off;

		if (clang_getTokenKind(tok[i]) != CXToken_Identifier)
			continue;
		at = clang_getCursor(tu, clang_getTokenLocation(tu, tok[i]));
		s = clang_getTokenSpelling(tu, tok[i]);
		if (clang_getCursorKind(at) == CXCursor_TypeRef && names_token(at, clang_getCString(s))) {
			clang_disposeString(s);
			continue;
		}
		d = clang_getCursorReferenced(at);
		dk = clang_getCursorKind(d);
		if (clang_getCursorKind(at) != CXCursor_DeclRefExpr || !names_token(at, clang_getCString(s)) ||
		    (dk != CXCursor_VarDecl && dk != CXCursor_FunctionDecl && dk != CXCursor_EnumConstantDecl) ||
		    clang_getCursorKind(clang_getCursorSemanticParent(dk == CXCursor_EnumConstantDecl
									      ? clang_getCursorSemanticParent(d)
									      : d)) != CXCursor_TranslationUnit)
			why = as_fix_say(w->fn, "its size names '%s', which is no file-scope declaration (a macro or a local)",
					 clang_getCString(s));
		else if (w->nnames == MAX_NAMES)
			why = as_fix_say(w->fn, "its size names more than %d declarations", MAX_NAMES);
		else {
			w->names[w->nnames++] = as_arena_strdup(&w->fn->tu->arena, clang_getCString(s));
			/* Only the file's own declarations have an order to keep. */
			if (!as_loc_file(clang_getRangeEnd(clang_getCursorExtent(d)), &f, &off) &&
			    clang_File_isEqual(f, w->fn->file) && off > w->names_end)
				w->names_end = off;
		}
		clang_disposeString(s);
	}
	if (tok)
		clang_disposeTokens(tu, tok, ntok);
	if (!why) {
		struct size_reads r = { w, NULL };

		if (size_read(size, clang_getNullCursor(), &r) == CXChildVisit_Recurse)
			clang_visitChildren(size, size_read, &r);
		why = r.why;
	}
	return why;
}

struct alias_find {
	const char *name;
	unsigned line;
};

static enum CXChildVisitResult find_alias(CXCursor c, CXCursor parent, CXClientData data)
{
	struct alias_find *a = data;
	CXString label;
	unsigned line;

	(void)parent;
	if (clang_Location_isInSystemHeader(clang_getCursorLocation(c)))
		return CXChildVisit_Continue;
	if (clang_getCursorKind(c) == CXCursor_VarDecl && as_asm_label(c, &label, &line)) {
		if (!strcmp(clang_getCString(label), a->name))
			a->line = line ? line : 1;
		clang_disposeString(label);
	} else if (clang_getCursorKind(c) == CXCursor_VarDecl && as_decl_aliases(c)) {
		/* Whose symbol it names is not read: any may be decl's. */
		clang_getExpansionLocation(clang_getCursorLocation(c), NULL, &a->line, NULL, NULL);
		a->line += !a->line;
	}
	return a->line ? CXChildVisit_Break : CXChildVisit_Recurse;
}

/* The line of a variable of the unit that an asm label binds to the
 * symbol of variable decl (`extern char **other __asm__("slots")`), the
 * same object under a name the walk does not follow, or that an alias
 * attribute binds to any symbol (`static char **other
 * __attribute__((alias("slots")))`); 0 if none. */
static unsigned label_alias(struct as_tu *tu, CXCursor decl)
{
	CXString s = clang_getCursorSpelling(decl);
	struct alias_find a = { clang_getCString(s), 0 };

	clang_visitChildren(clang_getTranslationUnitCursor(tu->tu), find_alias, &a);
	clang_disposeString(s);
	return a.line;
}

/* The field or variable an element store's left side indexes, or why not. */
static const char *location(struct share_walk *w, CXCursor lhs)
{
	CXCursor kid[2], base;
	CXType t;
	enum CXCursorKind bk;
	enum CX_StorageClass sc;
	unsigned line;

	lhs = as_strip(lhs);
	if (clang_getCursorKind(lhs) != CXCursor_ArraySubscriptExpr || as_children(lhs, kid, 2) != 2)
		return "it is stored in a location that is no element of a field or variable";
	base = as_strip(kid[0]);
	bk = clang_getCursorKind(base);
	w->decl = clang_getCanonicalCursor(clang_getCursorReferenced(base));
	w->record = clang_getNullCursor();
	w->decl_type = clang_getCanonicalType(clang_getCursorType(w->decl));
	t = w->decl_type;
	w->shown = as_fix_say(w->fn, "'%s[]'", as_fn_text(w->fn, base));
	if (bk == CXCursor_MemberRefExpr && clang_getCursorKind(w->decl) == CXCursor_FieldDecl) {
		w->record = clang_getCursorSemanticParent(w->decl);
		if (clang_getCursorKind(w->record) != CXCursor_StructDecl)
			return "it is stored in a field of a union";
		if (!clang_Location_isFromMainFile(clang_getCursorLocation(w->record)))
			return "it is stored in a field of a struct declared in a header, which other units may use";
		if (t.kind != CXType_Pointer || clang_getCanonicalType(clang_getPointeeType(t)).kind != CXType_Pointer)
			return "it is stored in an array field, which struct copies would duplicate";
		return NULL;
	}
	if (bk != CXCursor_DeclRefExpr || clang_getCursorKind(w->decl) != CXCursor_VarDecl)
		return "it is stored in a location that is no element of a field or variable";
	sc = clang_Cursor_getStorageClass(w->decl);
	if (sc != CX_SC_Static &&
	    !(sc == CX_SC_None && clang_getCursorKind(clang_getCursorSemanticParent(w->decl)) == CXCursor_FunctionDecl))
		return "it is stored in a variable other units may use";
	if ((line = label_alias(w->fn->tu, w->decl)))
		return as_fix_say(w->fn, "an asm label or an alias attribute gives its variable another name (line %u)", line);
	if (t.kind == CXType_Pointer && clang_getCanonicalType(clang_getPointeeType(t)).kind == CXType_Pointer)
		return NULL;
	if (t.kind == CXType_ConstantArray && clang_getCanonicalType(clang_getArrayElementType(t)).kind == CXType_Pointer)
		return NULL;
	return "it is stored in a variable of a type the analysis does not follow";
}

const char *as_share_stored(struct as_fn *fn, const struct as_event *store, const struct as_family *fam,
			    CXCursor size, const char *size_text, const char *site, struct as_draft *d)
{
	struct share_walk *w = as_arena_alloc(&fn->tu->arena, sizeof *w);
	CXCursor kid[2];
	int had = d->nfixits;
	const char *why;

	memset(w, 0, sizeof *w);
	w->fn = fn;
	w->fam = fam;
	w->store = store->cur;
	w->size = size_text;
	w->site = site;
	w->d = d;
	if (as_children(store->cur, kid, 2) != 2 || clang_getCursorKind(store->cur) != CXCursor_BinaryOperator)
		return "it is stored by a declaration";
	if ((why = location(w, kid[0])) || (why = size_names(w, size)))
		return why;
	clang_visitChildren(clang_getTranslationUnitCursor(fn->tu->tu), visit, w);
	if (!w->why && !w->stored)
		w->why = "its store was not found where the unit uses the location";
	if (w->why)
		d->nfixits = had;
	return w->why;
}
