/* as_threads.c - other threads between the allocation and the copy
 * (docs/fix-classes.md, M4): a region that synchronises (an atomic or
 * volatile access, a lock, a condition or semaphore wait, a C11 thread
 * call) lets another thread write the source while this one waits there,
 * so copying at the allocation may copy too early. Refused unless no other
 * thread can reach the source: it is immutable, or it is a local pointer
 * holding only fresh allocations that never leave the function's sight.
 * A signal handler the unit installs is another thread of control that
 * needs no synchronisation to run in the region: a fault there (a plain
 * load from a page mapped without access) runs it, so a handler that may
 * write refuses every source but a private one when anything in the region
 * may fault (as_faults.c). */
#include "as_proof.h"

#include <string.h>

#include "as_cfg.h"
#include "as_draft.h"
#include "as_handlers.h"

#define MAX_DEPTH 256

/* Calls that wait for, or signal, another thread. */
static const char *const sync_prefixes[] = {
	"pthread_mutex_",
	"pthread_cond_",
	"pthread_rwlock_",
	"pthread_spin_",
	"pthread_barrier_",
	"pthread_join",
	"sem_",
	"thrd_",
	"mtx_",
	"cnd_",
	"call_once",
	"atomic_",
	"__atomic_",
	"__sync_",
	"__c11_atomic_",
};

struct sync_find {
	struct as_fn *fn;
	CXCursor at;      /* the synchronising cursor, null if none */
	const char *what; /* what it is, in words */
};

static const char *spelling_of(struct as_fn *fn, CXCursor c)
{
	CXString s = clang_getCursorSpelling(c);
	const char *t = as_arena_strdup(&fn->tu->arena, clang_getCString(s) ? clang_getCString(s) : "");

	clang_disposeString(s);
	return t;
}

static enum CXChildVisitResult find_sync(CXCursor c, CXCursor parent, CXClientData data)
{
	struct sync_find *f = data;
	enum CXCursorKind k = clang_getCursorKind(c);
	CXType t;

	(void)parent;
	if (as_unevaluated(c))
		return CXChildVisit_Continue;
	if (k == CXCursor_CallExpr) {
		const char *name = spelling_of(f->fn, c);
		for (size_t i = 0; i < sizeof sync_prefixes / sizeof *sync_prefixes; i++)
			if (!strncmp(name, sync_prefixes[i], strlen(sync_prefixes[i]))) {
				f->at = c;
				f->what = as_fix_say(f->fn, "a call to %s()", name);
				return CXChildVisit_Break;
			}
	}
	if (clang_isExpression(k)) {
		t = clang_getCursorType(c);
		if (clang_getCanonicalType(t).kind == CXType_Atomic || clang_isVolatileQualifiedType(t)) {
			f->at = c;
			f->what = clang_getCanonicalType(t).kind == CXType_Atomic ? "an atomic access" : "a volatile access";
			return CXChildVisit_Break;
		}
	}
	return CXChildVisit_Recurse;
}

struct escape {
	struct as_fn *fn;
	CXCursor decl;
	int array; /* decl is an array: its initializer holds values, not its address */
	CXCursor stack[MAX_DEPTH];
	int depth;
	int escapes;
};

static int is_pack_call(struct as_fn *fn, CXCursor call, int fresh_only)
{
	const char *name = as_tu_callee(fn->tu, call);
	const struct as_rule *r = as_tu_function(fn->tu, name, strlen(name));

	if (!r || r->summary)
		return 0;
	if (fresh_only)
		return r->role == AS_ROLE_ALLOC;
	return r->role == AS_ROLE_ALLOC || r->role == AS_ROLE_FREE || r->role == AS_ROLE_COPY || r->role == AS_ROLE_READ;
}

/* The nearest ancestor below level that is no parenthesis or implicit
 * conversion, its level in *at; a null cursor at the top. */
static CXCursor up(const struct escape *e, int level, int *at)
{
	int i = level - 1;

	while (i >= 0 && (clang_getCursorKind(e->stack[i]) == CXCursor_ParenExpr ||
			  clang_getCursorKind(e->stack[i]) == CXCursor_UnexposedExpr))
		i--;
	*at = i;
	return i < 0 ? clang_getNullCursor() : e->stack[i];
}

/* The value at level (a byte read through the local, a call's result) is
 * no pointer into the block: not its address (&q[i]), not a pointer a
 * call returns (memcpy, strchr) unless the call's value is dropped. */
static int no_pointer_out(const struct escape *e, int level)
{
	int at, post;
	CXCursor p = up(e, level, &at);

	if (clang_getCanonicalType(clang_getCursorType(e->stack[level])).kind != CXType_Pointer)
		return clang_getCursorKind(p) != CXCursor_UnaryOperator || strcmp(as_unop(e->fn->tu, p, &post), "&");
	return clang_getCursorKind(p) == CXCursor_CompoundStmt;
}

/* A reference to the local: read through (*q, q[i]), tested, compared,
 * handed to a pack function, or given a fresh block; anything else (its
 * address, a copy of it, q + i, a call of the unit) may share it. */
static int plain_use(struct escape *e, CXCursor ref)
{
	int at, post;
	CXCursor p = up(e, e->depth, &at), kid[2];
	const char *op;

	switch (clang_getCursorKind(p)) {
	case CXCursor_ArraySubscriptExpr:
		return no_pointer_out(e, at);
	case CXCursor_IfStmt:
	case CXCursor_WhileStmt:
	case CXCursor_DoStmt:
	case CXCursor_ForStmt:
		return 1;
	case CXCursor_UnaryOperator:
		op = as_unop(e->fn->tu, p, &post);
		return !strcmp(op, "!") || (!strcmp(op, "*") && no_pointer_out(e, at));
	case CXCursor_CallExpr:
		return is_pack_call(e->fn, p, 0) && no_pointer_out(e, at);
	case CXCursor_BinaryOperator:
		op = as_binop(e->fn->tu, p);
		if (!strcmp(op, "==") || !strcmp(op, "!="))
			return 1;
		return !strcmp(op, "=") && as_children(p, kid, 2) == 2 && clang_equalCursors(as_strip(kid[0]), ref) &&
		       clang_getCursorKind(as_strip(kid[1])) == CXCursor_CallExpr && is_pack_call(e->fn, as_strip(kid[1]), 1);
	default:
		return 0;
	}
}

static enum CXChildVisitResult find_escape(CXCursor c, CXCursor parent, CXClientData data)
{
	struct escape *e = data;
	enum CXCursorKind k = clang_getCursorKind(c);
	CXCursor kid[4];
	int n;

	(void)parent;
	if (as_unevaluated(c))
		return CXChildVisit_Continue;
	if (k == CXCursor_DeclRefExpr && clang_equalCursors(clang_getCursorReferenced(c), e->decl) && !plain_use(e, c)) {
		e->escapes = 1;
		return CXChildVisit_Break;
	}
	if (k == CXCursor_VarDecl && clang_equalCursors(c, e->decl) && !e->array) {
		n = as_children(c, kid, 4);
		if (n >= 1 && clang_isExpression(clang_getCursorKind(kid[n - 1])) &&
		    !(clang_getCursorKind(as_strip(kid[n - 1])) == CXCursor_CallExpr && is_pack_call(e->fn, as_strip(kid[n - 1]), 1))) {
			e->escapes = 1;
			return CXChildVisit_Break;
		}
	}
	if (e->depth == MAX_DEPTH) {
		e->escapes = 1;
		return CXChildVisit_Break;
	}
	e->stack[e->depth++] = c;
	clang_visitChildren(c, find_escape, e);
	e->depth--;
	return e->escapes ? CXChildVisit_Break : CXChildVisit_Continue;
}

/* True if no other thread can write the source's bytes: they are
 * immutable, or they are this function's own automatic array, or blocks
 * its own automatic pointer got fresh from an allocator, and never handed
 * on. */
static int private_source(struct as_fn *fn, CXCursor src)
{
	CXCursor d, kid[2];
	struct escape *e;
	enum CXTypeKind kind;

	src = as_strip(src);
	/* q + i, q[i], &q[i]: the base pointer decides. */
	while ((clang_getCursorKind(src) == CXCursor_BinaryOperator || clang_getCursorKind(src) == CXCursor_ArraySubscriptExpr) &&
	       as_children(src, kid, 2) == 2)
		src = as_strip(kid[0]);
	if (clang_getCursorKind(src) == CXCursor_StringLiteral)
		return 1;
	if (clang_getCursorKind(src) != CXCursor_DeclRefExpr)
		return 0;
	d = clang_getCursorReferenced(src);
	if (clang_getCursorKind(d) != CXCursor_VarDecl)
		return 0;
	if (as_type_deeply_const(clang_getCursorType(d)))
		return 1;
	kind = clang_getCanonicalType(clang_getCursorType(d)).kind;
	if (clang_Cursor_getStorageClass(d) != CX_SC_None ||
	    clang_getCursorKind(clang_getCursorSemanticParent(d)) == CXCursor_TranslationUnit ||
	    (kind != CXType_Pointer && kind != CXType_ConstantArray))
		return 0;
	e = as_arena_alloc(&fn->tu->arena, sizeof *e);
	memset(e, 0, sizeof *e);
	e->fn = fn;
	e->decl = d;
	e->array = kind == CXType_ConstantArray;
	clang_visitChildren(fn->cur, find_escape, e);
	return !e->escapes;
}

struct size_walk {
	struct as_fn *fn;
	int shared;
};

/* True if no other thread or handler can write the variable d: it is
 * deeply const, or an automatic local of fn whose address is never taken. */
static int private_var(struct as_fn *fn, CXCursor d)
{
	if (as_type_deeply_const(clang_getCursorType(d)))
		return 1;
	if (clang_Cursor_getStorageClass(d) != CX_SC_None ||
	    clang_getCursorKind(clang_getCursorSemanticParent(d)) == CXCursor_TranslationUnit ||
	    clang_isVolatileQualifiedType(clang_getCursorType(d)))
		return 0;
	return !as_fn_takes_address(fn, d);
}

/* Marks w->shared if the size reads memory another thread or a handler may
 * write: a variable not private, memory through a pointer or a field, a
 * call that is not a read-only one of private arguments. */
static enum CXChildVisitResult find_shared(CXCursor c, CXCursor parent, CXClientData data)
{
	struct size_walk *w = data;
	enum CXCursorKind k = clang_getCursorKind(c);
	int post;

	(void)parent;
	if (as_unevaluated(c))
		return CXChildVisit_Continue;
	if (k == CXCursor_CallExpr) {
		const char *name = as_tu_callee(w->fn->tu, c);
		const struct as_rule *r = as_tu_function(w->fn->tu, name, strlen(name));
		int n = clang_Cursor_getNumArguments(c);

		w->shared |= !r || r->summary || r->role != AS_ROLE_READ;
		for (int i = 0; i < n && !w->shared; i++) {
			CXCursor a = clang_Cursor_getArgument(c, (unsigned)i);
			if (clang_getCanonicalType(clang_getCursorType(a)).kind == CXType_Pointer)
				w->shared = !private_source(w->fn, a);
			else
				clang_visitChildren(a, find_shared, w);
		}
		return w->shared ? CXChildVisit_Break : CXChildVisit_Continue;
	}
	if (k == CXCursor_MemberRefExpr || k == CXCursor_ArraySubscriptExpr ||
	    (k == CXCursor_UnaryOperator && !strcmp(as_unop(w->fn->tu, c, &post), "*")) ||
	    (k == CXCursor_DeclRefExpr && clang_getCursorKind(clang_getCursorReferenced(c)) == CXCursor_VarDecl &&
	     !private_var(w->fn, clang_getCursorReferenced(c))))
		w->shared = 1;
	return w->shared ? CXChildVisit_Break : CXChildVisit_Recurse;
}

/* True if no other thread or handler can change the size's value. */
static int private_size(struct as_fn *fn, CXCursor size)
{
	struct size_walk w = { fn, 0 };

	if (clang_Cursor_isNull(size))
		return 1;
	if (find_shared(size, clang_getNullCursor(), &w) == CXChildVisit_Recurse)
		clang_visitChildren(size, find_shared, &w);
	return !w.shared;
}

/* True if a handler may read the variable the allocation is stored in (the
 * copy's destination): anything but an automatic local of fn whose address
 * is never taken. */
static int watched_destination(struct as_fn *fn, const struct as_call *copy)
{
	CXCursor dst;

	if (!copy->rule)
		return 1;
	dst = as_strip(as_call_role(copy, copy->rule->dst));
	return clang_getCursorKind(dst) != CXCursor_DeclRefExpr ||
	       clang_getCursorKind(clang_getCursorReferenced(dst)) != CXCursor_VarDecl ||
	       !private_var(fn, clang_getCursorReferenced(dst));
}

const char *as_proof_threads(struct as_fn *fn, const unsigned char *region, int na, int nc,
			     const struct as_call *alloc, const struct as_call *copy, CXCursor src, CXCursor size)
{
	struct as_cfg *g = as_fn_cfg(fn);
	struct sync_find f = { fn, clang_getNullCursor(), NULL };
	const char *handler = NULL, *what, *fault = NULL;
	CXCursor at = clang_getNullCursor();
	unsigned hline = 0;

	for (int v = 0; v < g->nnodes && clang_Cursor_isNull(f.at); v++) {
		CXCursor c = g->node[v].cur;
		if (!region[v] || v == na || v == nc || clang_Cursor_isNull(c))
			continue;
		if (find_sync(c, clang_getNullCursor(), &f) == CXChildVisit_Recurse)
			clang_visitChildren(c, find_sync, &f);
	}
	if (clang_Cursor_isNull(f.at) && !(handler = as_unit_writing_handler(fn->tu, &hline)) &&
	    as_tu_function(fn->tu, AS_HANDLER_NAME, strlen(AS_HANDLER_NAME)))
		handler = "";
	if (handler)
		at = as_region_fault(fn, region, na, nc, alloc, copy, &fault);
	/* A handler that can read the destination sees it set and the block
	 * unfilled if a fault runs it there: one in the region, or in the
	 * copy's own loads from a source not private (a memdup stores the
	 * block only once it is filled). */
	if (handler && (!clang_Cursor_isNull(at) || !private_source(fn, src)) && watched_destination(fn, copy)) {
		unsigned line;

		if (clang_Cursor_isNull(at))
			at = copy->cur, fault = "the copy's loads from the source";
		clang_getFileLocation(clang_getCursorLocation(at), NULL, &line, NULL, NULL);
		return as_fix_say(fn,
				  "not rewritten: %s installs a signal handler that may read the destination '%s', and %s "
				  "(line %u) may fault and run it after the allocation is stored there and before the copy "
				  "fills it",
				  *handler ? "the unit" : "another unit of the program",
				  as_call_role_text(fn, copy, copy->rule ? copy->rule->dst : 0), fault, line);
	}
	/* A handler runs at a chosen point of the region only by a fault there. */
	if (handler && clang_Cursor_isNull(at))
		handler = NULL;
	if (clang_Cursor_isNull(f.at) && !handler)
		return NULL;
	if (!private_source(fn, src))
		what = as_fix_say(fn, "the source '%s'", as_fn_text(fn, src));
	else if (!private_size(fn, size))
		what = as_fix_say(fn, "the size '%s'", as_fn_text(fn, size));
	else
		return NULL;
	if (clang_Cursor_isNull(f.at)) {
		unsigned line;
		const char *who = *handler ? as_fix_say(fn, "the unit installs a signal handler that may write %s (%s, "
							    "line %u)",
							what, handler, hline)
					   : as_fix_say(fn, "another unit of the program installs a signal handler "
							    "that may write %s",
							what);

		clang_getFileLocation(clang_getCursorLocation(at), NULL, &line, NULL, NULL);
		return as_fix_say(fn, "not rewritten: %s, and %s between the allocation and the copy (line %u) may run it there",
				  who, fault, line);
	}
	{
		unsigned line, col, off;
		CXFile file;

		clang_getFileLocation(clang_getCursorLocation(f.at), &file, &line, &col, &off);
		return as_fix_say(fn,
				  "not rewritten: %s between the allocation and the copy (line %u) synchronises with other "
				  "threads, one of which may write %s while this one waits there",
				  f.what, line, what);
	}
}
