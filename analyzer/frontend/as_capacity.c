/* as_capacity.c - the unit's use of an allocator capacity query. */
#include "as_capacity.h"

#include <string.h>

#include "as_handlers.h"
#include "as_names.h"

/* Functions that report the usable size of a heap block (glibc, macOS,
 * Windows, jemalloc), or the heap's totals, which count that size too. */
static const char *const capacity_calls[] = { "malloc_usable_size", "malloc_size", "_msize", "sallocx",
					      "malloc_good_size", "mallinfo", "mallinfo2", "malloc_stats",
					      "malloc_info", "mallctl", "malloc_zone_statistics" };
/* The compiler's own answer, from the allocator's alloc_size attribute,
 * which the inline fast path of a grow does not carry. */
static const char *const object_size_calls[] = { "__builtin_object_size", "__builtin_dynamic_object_size" };

static const char *match(const char *n)
{
	const char *hit = AS_NAME_IN(n, capacity_calls);

	return hit ? hit : AS_NAME_IN(n, object_size_calls);
}

static enum CXChildVisitResult find_query(CXCursor c, CXCursor parent, CXClientData data)
{
	const char **found = data;

	(void)parent;
	/* The library's inline wrappers ask the compiler for object sizes
	 * (_FORTIFY_SOURCE); a system header's other code is searched, as a
	 * project's header may be one (#pragma GCC system_header). */
	if (clang_getCursorKind(c) == CXCursor_FunctionDecl && clang_isCursorDefinition(c) && as_library_function(c))
		return CXChildVisit_Continue;
	if (clang_getCursorKind(c) == CXCursor_DeclRefExpr) {
		/* The referenced declaration's name: a macro or a typedef'd
		 * pointer spelled otherwise still names the function; so does
		 * another name bound to its symbol by an asm label. */
		CXCursor d = clang_getCursorReferenced(c);
		CXString s = clang_getCursorSpelling(d), label;
		unsigned line;

		*found = match(clang_getCString(s));
		clang_disposeString(s);
		if (!*found && clang_getCursorKind(d) == CXCursor_FunctionDecl && as_asm_label(d, &label, &line)) {
			*found = match(clang_getCString(label));
			clang_disposeString(label);
		}
		/* A lookup by a name made at run time may find one of them. */
		if (!*found && clang_getCursorKind(d) == CXCursor_FunctionDecl && as_lookup_function(d))
			*found = "a function dlsym may look up by name";
		if (*found)
			return CXChildVisit_Break;
	}
	return CXChildVisit_Recurse;
}

const char *as_unit_capacity_query(struct as_tu *tu)
{
	if (!tu->capacity_known) {
		const char *found = NULL;
		clang_visitChildren(clang_getTranslationUnitCursor(tu->tu), find_query, (CXClientData)&found);
		tu->capacity = found;
		tu->capacity_known = 1;
	}
	return tu->capacity;
}
