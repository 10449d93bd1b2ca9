/* as_handlers.c - signal handlers that may write the program's memory
 * (as_handlers.h). */
#include "as_handlers.h"

#include <stdio.h>
#include <string.h>

#include "as_key.h"
#include "as_names.h"
#include "as_readonly.h"

/* Calls a handler may make that write none of the program's memory (or
 * end the process, so no later read sees a write). */
static const char *const quiet_calls[] = { "_exit", "_Exit", "abort" };
/* Calls whose output reaches no memory unless the unit maps a file or
 * opens a stream on memory or its own functions (as_readonly.h): write to
 * a file mapped shared writes the mapping, exit flushes the streams (the
 * atexit functions it runs are functions used as values, counted as
 * handlers themselves). */
static const char *const output_calls[] = { "write", "exit" };
/* Functions that find a function by a name made at run time (dlsym and
 * dlvsym; dl_iterate_phdr and dlinfo reach the dynamic symbol tables). */
static const char *const lookup_calls[] = { "dlsym", "dlvsym", "dl_iterate_phdr", "dlinfo" };

struct scan {
	struct as_tu *tu;
	int callee_next; /* the next name seen is a call's callee */
	char *found;     /* the unit's buffer for the name */
	size_t size;
	int any;
	int lookup;           /* the unit names a lookup function */
	unsigned lookup_line; /* where */
	unsigned line;
};

/* True if a store to target writes only the handler's own local or a
 * variable declared volatile (the flag a handler may set). A volatile
 * lvalue made by a cast (*(volatile char *)&buf[0]) may be any object. */
static int quiet_target(CXCursor target)
{
	CXCursor d;

	target = as_strip(target);
	if (clang_getCursorKind(target) != CXCursor_DeclRefExpr)
		return 0;
	d = clang_getCursorReferenced(target);
	if (clang_getCursorKind(d) != CXCursor_VarDecl)
		return 0;
	return clang_isVolatileQualifiedType(clang_getCursorType(d)) ||
	       (clang_Cursor_getStorageClass(d) == CX_SC_None &&
		clang_getCursorKind(clang_getCursorSemanticParent(d)) != CXCursor_TranslationUnit);
}

static int named(CXCursor c, const char *const *names, size_t n)
{
	CXString s = clang_getCursorSpelling(c);
	int hit = as_name_in(clang_getCString(s), names, n) != NULL;

	clang_disposeString(s);
	return hit;
}

int as_lookup_function(CXCursor decl)
{
	CXString label;
	unsigned line;
	int hit = named(decl, lookup_calls, sizeof lookup_calls / sizeof lookup_calls[0]);

	if (!hit && as_asm_label(decl, &label, &line)) {
		hit = AS_NAME_IN(clang_getCString(label), lookup_calls) != NULL;
		clang_disposeString(label);
	}
	return hit;
}

static int quiet_call(struct as_tu *tu, CXCursor call)
{
	return named(call, quiet_calls, sizeof quiet_calls / sizeof quiet_calls[0]) ||
	       (named(call, output_calls, sizeof output_calls / sizeof output_calls[0]) && !as_unit_opens_memstream(tu));
}

static enum CXChildVisitResult find_write(CXCursor c, CXCursor parent, CXClientData data)
{
	struct as_tu *tu = data;
	enum CXCursorKind k = clang_getCursorKind(c);
	CXCursor kid[2];
	int postfix;
	const char *op;

	(void)parent;
	/* An asm statement writes what its outputs and clobbers name. */
	if ((k == CXCursor_CallExpr && !quiet_call(tu, c)) || k == CXCursor_AsmStmt)
		return CXChildVisit_Break;
	if ((k == CXCursor_CompoundAssignOperator ||
	     (k == CXCursor_BinaryOperator && as_op_assigns(as_binop(tu, c)))) &&
	    as_children(c, kid, 2) == 2 && !quiet_target(kid[0]))
		return CXChildVisit_Break;
	if (k == CXCursor_UnaryOperator && (op = as_unop(tu, c, &postfix)) && (!strcmp(op, "++") || !strcmp(op, "--")) &&
	    as_children(c, kid, 1) == 1 && !quiet_target(kid[0]))
		return CXChildVisit_Break;
	return CXChildVisit_Recurse;
}

/* True if the handler fn may write the program's memory: its body is not
 * in this unit, or it stores or calls beyond what quiet_* allow. */
static int may_write(struct as_tu *tu, CXCursor fn)
{
	CXCursor def = clang_getCursorDefinition(fn);

	return clang_Cursor_isNull(def) || clang_visitChildren(def, find_write, tu);
}

/* Handler d, used as a value at c: the unit's answer. */
static enum CXChildVisitResult found(struct scan *s, CXCursor d, CXCursor c)
{
	CXString n = clang_getCursorSpelling(d);

	snprintf(s->found, s->size, "%s", clang_getCString(n));
	clang_disposeString(n);
	s->any = 1;
	clang_getFileLocation(clang_getCursorLocation(c), NULL, &s->line, NULL, NULL);
	return CXChildVisit_Break;
}

static enum CXChildVisitResult find_handler(CXCursor c, CXCursor parent, CXClientData data)
{
	struct scan *s = data;
	enum CXCursorKind k = clang_getCursorKind(c);
	CXCursor d;
	int callee;

	/* A system header's declarations install nothing, but a library's
	 * inline function may install its own handler. */
	if (clang_getCursorKind(parent) == CXCursor_TranslationUnit &&
	    clang_Location_isInSystemHeader(clang_getCursorLocation(c)) &&
	    !(k == CXCursor_FunctionDecl && clang_isCursorDefinition(c)))
		return CXChildVisit_Continue;
	/* A call's children start with its callee: the first name under it
	 * is called, not used as a value. */
	if (k == CXCursor_CallExpr) {
		s->callee_next = 1;
		return CXChildVisit_Recurse;
	}
	if (k != CXCursor_DeclRefExpr)
		return CXChildVisit_Recurse;
	callee = s->callee_next;
	s->callee_next = 0;
	d = clang_getCursorReferenced(c);
	if (!s->lookup && clang_getCursorKind(d) == CXCursor_FunctionDecl && as_lookup_function(d)) {
		s->lookup = 1;
		clang_getFileLocation(clang_getCursorLocation(c), NULL, &s->lookup_line, NULL, NULL);
	}
	if (callee || clang_getCursorKind(d) != CXCursor_FunctionDecl || !may_write(s->tu, d))
		return CXChildVisit_Recurse;
	return found(s, d, c);
}

/* With dlsym, any function the unit exports (named first, for the reason). */
static enum CXChildVisitResult find_exported(CXCursor c, CXCursor parent, CXClientData data)
{
	struct scan *s = data;

	(void)parent;
	if (clang_getCursorKind(c) == CXCursor_FunctionDecl && clang_isCursorDefinition(c) &&
	    clang_getCursorLinkage(c) == CXLinkage_External &&
	    !clang_Location_isInSystemHeader(clang_getCursorLocation(c)) && may_write(s->tu, c))
		return found(s, c, c);
	return CXChildVisit_Continue;
}

const char *as_unit_writing_handler(struct as_tu *tu, unsigned *line)
{
	if (!tu->handler_known) {
		struct scan s = { tu, 0, tu->handler, sizeof tu->handler, 0, 0, 0, 0 };
		CXCursor unit = clang_getTranslationUnitCursor(tu->tu);

		clang_visitChildren(unit, find_handler, &s);
		if (!s.any && s.lookup)
			clang_visitChildren(unit, find_exported, &s);
		/* The function found may be another unit's (a unit that exports
		 * nothing, its lookup in a static constructor). */
		if (!s.any && s.lookup) {
			snprintf(s.found, s.size, "a function of the program found by name");
			s.any = 1;
			s.line = s.lookup_line;
		}
		tu->handler_found = s.any;
		tu->handler_line = s.line;
		tu->handler_known = 1;
	}
	*line = tu->handler_line;
	return tu->handler_found ? tu->handler : NULL;
}
