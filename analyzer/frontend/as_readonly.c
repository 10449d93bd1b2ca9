/* as_readonly.c - what makes a pack's read-only function write after all. */
#include "as_readonly.h"

#include <string.h>

/* The stdio functions of the packs' read-only list that write to a stream,
 * and the index of their format argument (-1: none). */
static const struct {
	const char *name;
	int format;
} output_calls[] = {
	{ "printf", 0 },
	{ "vprintf", 0 },
	{ "fprintf", 1 },
	{ "vfprintf", 1 },
	{ "puts", -1 },
	{ "fputs", -1 },
	{ "putchar", -1 },
	{ "fputc", -1 },
	{ "putc", -1 },
	{ "fwrite", -1 },
	{ "perror", -1 },
	{ "fflush", -1 },
};

/* Functions that make a stream write into memory the program holds. */
static const char *const memstream_calls[] = { "fmemopen", "open_memstream", "open_wmemstream",
					       "setvbuf", "setbuf", "setbuffer" };

static enum CXChildVisitResult find_memstream(CXCursor c, CXCursor parent, CXClientData data)
{
	int *found = data;

	(void)parent;
	if (clang_Location_isInSystemHeader(clang_getCursorLocation(c)))
		return CXChildVisit_Continue;
	if (clang_getCursorKind(c) == CXCursor_DeclRefExpr) {
		CXString s = clang_getCursorSpelling(c);
		const char *n = clang_getCString(s);
		for (size_t i = 0; i < sizeof memstream_calls / sizeof memstream_calls[0]; i++)
			if (!strcmp(n, memstream_calls[i]))
				*found = 1;
		clang_disposeString(s);
		if (*found)
			return CXChildVisit_Break;
	}
	return CXChildVisit_Recurse;
}

int as_unit_opens_memstream(struct as_tu *tu)
{
	if (!tu->memstream_known) {
		int found = 0;
		clang_visitChildren(clang_getTranslationUnitCursor(tu->tu), find_memstream, &found);
		tu->memstream = found;
		tu->memstream_known = 1;
	}
	return tu->memstream;
}

/* True if the printf format s (its bytes up to the first NUL, as printf
 * reads it) has a %n conversion. */
static int format_writes(const char *s)
{
	for (; *s; s++) {
		if (*s != '%')
			continue;
		s++;
		if (*s == '%')
			continue;
		/* position, flags, width, precision, length */
		while (*s && strchr("0123456789$-+ #'.*hlLqjzt", *s))
			s++;
		if (*s == 'n')
			return 1;
		if (!*s)
			break;
	}
	return 0;
}

const char *as_call_not_read_only(struct as_tu *tu, CXCursor call, const struct as_rule *r)
{
	CXCursor decl = clang_getCursorReferenced(call);
	CXString s;
	int output = -1, fmt = -1;

	if (!r || r->role != AS_ROLE_READ)
		return "the rule packs do not declare it read-only";
	if (clang_Cursor_isNull(decl) || !clang_Location_isInSystemHeader(clang_getCursorLocation(decl)))
		return "it is not the library's function (its declaration is not in a system header)";
	s = clang_getCursorSpelling(decl);
	for (size_t i = 0; i < sizeof output_calls / sizeof output_calls[0]; i++)
		if (!strcmp(clang_getCString(s), output_calls[i].name)) {
			output = (int)i;
			fmt = output_calls[i].format;
		}
	clang_disposeString(s);
	if (output < 0)
		return NULL;
	if (as_unit_opens_memstream(tu))
		return "the unit opens a stream on a memory buffer (fmemopen, open_memstream, setvbuf or setbuf), "
		       "which stdio output writes";
	if (as_tu_function(tu, AS_MEMSTREAM_NAME, strlen(AS_MEMSTREAM_NAME)))
		return "another unit of the program opens a stream on a memory buffer (fmemopen, open_memstream, "
		       "setvbuf or setbuf), which stdio output writes";
	if (fmt >= 0) {
		CXCursor arg = fmt < clang_Cursor_getNumArguments(call) ? clang_Cursor_getArgument(call, (unsigned)fmt)
									: clang_getNullCursor();
		CXEvalResult ev;
		int writes = 1;

		if (clang_Cursor_isNull(arg) || clang_getCursorKind(as_strip(arg)) != CXCursor_StringLiteral)
			return "its format is not a string literal proven free of %n";
		/* The decayed literal evaluates to its bytes (the literal itself
		 * does not), up to the first NUL, where printf stops too. */
		ev = clang_Cursor_Evaluate(arg);
		if (ev && clang_EvalResult_getKind(ev) == CXEval_StrLiteral)
			writes = format_writes(clang_EvalResult_getAsStr(ev));
		if (ev)
			clang_EvalResult_dispose(ev);
		if (writes)
			return "its format writes through %n (or could not be read)";
	}
	return NULL;
}
