/* as_moves.c - G9 (docs/fix-classes.md): a geometric grow moves the block
 * less often, so code that looks at where a block lies may count or print
 * the moves. What looks: a pointer's value turned into a number (a cast to
 * an integer type), its bytes read through its address or through another
 * member of a union that holds it, its text made by printf's %p
 * (as_call_arg_shows_address), or two pointers compared for equality (the
 * idiom "did realloc move it": q != p). The reallocating function is
 * searched, every function of the unit it calls or names, transitively
 * (where() returning (uintptr_t)block is as good a look as the cast
 * written in place), every function whose address the unit takes when
 * one of those calls through a pointer, and the bodies of those that call
 * it, and of their callers, transitively: a G6 helper returns the block to
 * them. */
#include "as_proof.h"

#include <string.h>

#include "as_readonly.h"

/* Functions searched at most: a deeper call chain counts as looking. */
#define MAX_FUNCTIONS 64

struct address_seen {
	struct as_fn *fn;
	unsigned line;
	CXCursor searched[MAX_FUNCTIONS];
	int nsearched;
	int callees;  /* the functions called are searched too */
	int indirect; /* those whose address is taken were */
	int near;     /* pointers compared and union members count as looks */
};

static int is_pointer(CXType t)
{
	return clang_getCanonicalType(t).kind == CXType_Pointer;
}

/* A pointer to an object, not to a function: what may hold a block. */
static int object_pointer(CXType t)
{
	CXType to = clang_getCanonicalType(clang_getPointeeType(clang_getCanonicalType(t)));

	return is_pointer(t) && to.kind != CXType_FunctionProto && to.kind != CXType_FunctionNoProto;
}

/* A pointer to void or to a character type: what reads an object's bytes. */
static int bytes_pointer(CXType t)
{
	CXType p = clang_getPointeeType(clang_getCanonicalType(t));

	return is_pointer(t) && (clang_getCanonicalType(p).kind == CXType_Void || as_type_char(p));
}

static enum CXVisitorResult pointer_field(CXCursor field, CXClientData found)
{
	*(int *)found = is_pointer(clang_getCursorType(field));
	return *(int *)found ? CXVisit_Break : CXVisit_Continue;
}

/* m names a member of a union that also holds a pointer, and m itself is
 * not one: reading it reinterprets the pointer's bytes (C11 6.5.2.3). */
static int union_pun(CXCursor m)
{
	CXCursor field = clang_getCursorReferenced(m);
	CXCursor record = clang_getCursorSemanticParent(field);
	int found = 0;

	if (clang_getCursorKind(field) != CXCursor_FieldDecl || clang_getCursorKind(record) != CXCursor_UnionDecl ||
	    is_pointer(clang_getCursorType(field)))
		return 0;
	clang_Type_visitFields(clang_getCursorType(record), pointer_field, &found);
	return found;
}

/* A pointer that may hold a block: no null constant, array, string literal
 * or variable's own address (&args) points at one (Onigmo's s == buf asks
 * whether the string is still in its node's own array; Ruby's (VALUE)&args
 * passes a local's address as a number). */
static int may_be_block(struct as_fn *fn, CXCursor e)
{
	CXCursor in = as_strip(e), kid[1];
	enum CXTypeKind k = clang_getCanonicalType(clang_getCursorType(in)).kind;
	int post;

	if (clang_getCursorKind(in) == CXCursor_UnaryOperator && !strcmp(as_unop_typed(fn->tu, in, &post), "&") &&
	    as_children(in, kid, 1) == 1 && clang_getCursorKind(as_strip(kid[0])) == CXCursor_DeclRefExpr)
		return 0;
	return object_pointer(clang_getCursorType(in)) && !as_null_constant(e) && k != CXType_ConstantArray &&
	       k != CXType_IncompleteArray && k != CXType_VariableArray;
}

/* q != p, q == old: two pointers that may hold blocks. */
static int pointers_compared(struct as_fn *fn, CXCursor c)
{
	CXCursor kid[3];
	const char *op = as_binop(fn->tu, c);

	return (!strcmp(op, "==") || !strcmp(op, "!=")) && as_children(c, kid, 3) == 2 && may_be_block(fn, kid[0]) &&
	       may_be_block(fn, kid[1]);
}

/* A pointer printed as an address (printf's %p) by a variadic call. */
static int pointer_formatted(CXCursor call)
{
	int n = clang_Cursor_getNumArguments(call);

	for (int i = 0; i < n; i++)
		if (as_call_arg_shows_address(call, (unsigned)i))
			return 1;
	return 0;
}

/* A pointer object's address converted to void * or char *: its bytes
 * read (memcmp(&old, &q, sizeof q)). Only a conversion's type tells: the
 * call that takes &nextp as its UChar ** argument has a type of its own
 * (Onigmo's find_str_position returns a UChar *). */
static int pointer_bytes(struct as_fn *fn, CXCursor c, CXCursor parent)
{
	CXCursor kid[1];
	enum CXCursorKind k = clang_getCursorKind(parent);
	int post;

	return !strcmp(as_unop_typed(fn->tu, c, &post), "&") && as_children(c, kid, 1) == 1 &&
	       is_pointer(clang_getCursorType(kid[0])) && (k == CXCursor_UnexposedExpr || k == CXCursor_CStyleCastExpr) &&
	       bytes_pointer(clang_getCursorType(parent));
}

static int looks(struct address_seen *a, CXCursor c, CXCursor parent)
{
	struct as_fn *fn = a->fn;
	enum CXTypeKind to = clang_getCanonicalType(clang_getCursorType(c)).kind;

	switch (clang_getCursorKind(c)) {
	case CXCursor_CStyleCastExpr:
		return to >= CXType_Bool && to <= CXType_Int128 && may_be_block(fn, c);
	case CXCursor_UnaryOperator:
		return pointer_bytes(fn, c, parent);
	case CXCursor_MemberRefExpr:
		return a->near && union_pun(c);
	case CXCursor_BinaryOperator:
		return a->near && pointers_compared(fn, c);
	case CXCursor_CallExpr:
		return pointer_formatted(c);
	default:
		return 0;
	}
}

static void search(struct address_seen *a, CXCursor fn_cursor);

/* Searches function definition def unless it was; at is where it is
 * reached from, the place named when too many functions were. */
static void search_once(struct address_seen *a, CXCursor def, CXCursor at)
{
	for (int i = 0; i < a->nsearched; i++)
		if (clang_equalCursors(a->searched[i], def))
			return;
	if (a->nsearched == MAX_FUNCTIONS)
		clang_getFileLocation(clang_getCursorLocation(at), NULL, &a->line, NULL, NULL);
	else
		search(a, def);
}

/* A function of the unit named at ref (a call, or a reference to it):
 * its body looks too. The library's functions are not searched (their
 * system headers' inline bodies are the library's). */
static void search_callee(struct address_seen *a, CXCursor ref)
{
	CXCursor def = clang_getCursorDefinition(clang_getCursorReferenced(ref));

	if (!clang_Cursor_isNull(def) && !clang_Location_isInSystemHeader(clang_getCursorLocation(def)))
		search_once(a, def, ref);
}

static int names_function(CXCursor c)
{
	return clang_getCursorKind(c) == CXCursor_DeclRefExpr &&
	       clang_getCursorKind(clang_getCursorReferenced(c)) == CXCursor_FunctionDecl;
}

struct taken {
	struct address_seen *a;
	CXCursor callee; /* the callee of the call visited last */
};

/* A function of the unit named other than as a direct call's callee: its
 * address is taken, and any call through a pointer may run it. */
static enum CXChildVisitResult search_taken(CXCursor c, CXCursor parent, CXClientData data)
{
	struct taken *t = data;
	CXCursor kid[1];

	(void)parent;
	if (clang_getCursorKind(c) == CXCursor_CallExpr && as_children(c, kid, 1) == 1)
		t->callee = as_strip(kid[0]);
	else if (names_function(c) && !clang_equalCursors(c, t->callee))
		search_callee(t->a, c);
	return t->a->line ? CXChildVisit_Break : CXChildVisit_Recurse;
}

/* A call through a pointer (ops.locate(p)) may run any function of the
 * unit whose address is taken: all of them are searched, once. */
static void search_indirect(struct address_seen *a, CXCursor call)
{
	struct taken t = { a, clang_getNullCursor() };

	if (a->indirect || clang_getCursorKind(clang_getCursorReferenced(call)) == CXCursor_FunctionDecl)
		return;
	a->indirect = 1;
	clang_visitChildren(clang_getTranslationUnitCursor(clang_Cursor_getTranslationUnit(call)), search_taken, &t);
}

/* Functions of the unit named (called, or handed on as a callback) are
 * searched, and those a call through a pointer may run. */
static enum CXChildVisitResult find_address_seen(CXCursor c, CXCursor parent, CXClientData data)
{
	struct address_seen *a = data;

	if (looks(a, c, parent))
		clang_getFileLocation(clang_getCursorLocation(c), NULL, &a->line, NULL, NULL);
	else if (a->callees && names_function(c))
		search_callee(a, c);
	else if (a->callees && clang_getCursorKind(c) == CXCursor_CallExpr)
		search_indirect(a, c);
	return a->line ? CXChildVisit_Break : CXChildVisit_Recurse;
}

static void search(struct address_seen *a, CXCursor fn_cursor)
{
	a->searched[a->nsearched++] = fn_cursor;
	clang_visitChildren(fn_cursor, find_address_seen, a);
}

struct callers {
	struct address_seen *a;
	CXCursor callee;
};

static int calls(CXCursor c, void *callee)
{
	return clang_getCursorKind(c) == CXCursor_CallExpr &&
	       clang_equalCursors(clang_getCanonicalCursor(clang_getCursorReferenced(c)), *(CXCursor *)callee);
}

/* A function of the unit that calls the reallocating one is given the
 * block it returns or stores (a G6 helper's caller, a per-call grower's),
 * and so is its caller in turn: its own body is searched (not its
 * callees: a caller's other work, such as Ruby's glob walking its
 * patterns, is no look at the block). */
static enum CXChildVisitResult search_caller(CXCursor c, CXCursor parent, CXClientData data)
{
	struct callers *w = data;

	(void)parent;
	if (clang_getCursorKind(c) == CXCursor_FunctionDecl && clang_isCursorDefinition(c) &&
	    !clang_Location_isInSystemHeader(clang_getCursorLocation(c)) && as_subtree_any(c, calls, &w->callee))
		search_once(w->a, c, c);
	return w->a->line ? CXChildVisit_Break : CXChildVisit_Continue;
}

unsigned as_address_observed(struct as_fn *fn)
{
	struct address_seen a = { .fn = fn, .callees = 1, .near = 1 };
	struct callers w = { &a, clang_getNullCursor() };
	CXCursor unit = clang_getTranslationUnitCursor(clang_Cursor_getTranslationUnit(fn->cur)), callee = fn->cur;
	int next;

	search(&a, fn->cur);
	a.callees = 0;
	/* The callers found are searched[next...]: theirs are looked for in
	 * turn. Past the direct callers, which the block is handed to, two
	 * pointers compared and a union's member read are taken for the
	 * caller's own work (Onigmo's parser, far above strcat_capa, compares
	 * its pattern pointers, p == end, and reads its token's tagged union,
	 * tok->u.code); casts, byte views and %p still count. */
	next = a.nsearched;
	while (!a.line) {
		w.callee = clang_getCanonicalCursor(callee);
		clang_visitChildren(unit, search_caller, &w);
		if (next == a.nsearched)
			break;
		a.near = 0;
		callee = a.searched[next++];
	}
	return a.line;
}
