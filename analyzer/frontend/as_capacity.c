/* as_capacity.c - the unit's use of an allocator capacity query. */
#include "as_capacity.h"

#include <string.h>

/* Functions that report the usable size of a heap block (glibc, macOS,
 * Windows, jemalloc). */
static const char *const capacity_calls[] = { "malloc_usable_size", "malloc_size", "_msize", "sallocx",
					      "malloc_good_size" };

static enum CXChildVisitResult find_query(CXCursor c, CXCursor parent, CXClientData data)
{
	const char **found = data;

	(void)parent;
	if (clang_Location_isInSystemHeader(clang_getCursorLocation(c)))
		return CXChildVisit_Continue;
	if (clang_getCursorKind(c) == CXCursor_DeclRefExpr) {
		/* The referenced declaration's name: a macro or a typedef'd
		 * pointer spelled otherwise still names the function. */
		CXString s = clang_getCursorSpelling(clang_getCursorReferenced(c));
		const char *n = clang_getCString(s);
		for (size_t i = 0; i < sizeof capacity_calls / sizeof capacity_calls[0]; i++)
			if (n && !strcmp(n, capacity_calls[i]))
				*found = capacity_calls[i];
		clang_disposeString(s);
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
