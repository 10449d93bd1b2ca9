/* as_readonly.c - what makes a pack's read-only function write after all. */
#include "as_readonly.h"

#include <string.h>

#include "as_names.h"

/* The stdio functions of the packs' read-only list that write to a stream,
 * the index of their format argument (-1: none) and of their stream (-1:
 * stdout's or stderr's own). Writing or flushing a stream the program
 * opened with its own functions (fopencookie, funopen, possibly in another
 * unit) runs those functions, and glibc hands them a large string or block
 * straight from the caller's memory. */
static const struct {
	const char *name;
	int format, stream;
} output_calls[] = {
	{ "printf", 0, -1 },
	{ "vprintf", 0, -1 },
	{ "fprintf", 1, 0 },
	{ "vfprintf", 1, 0 },
	{ "puts", -1, -1 },
	{ "fputs", -1, 1 },
	{ "putchar", -1, -1 },
	{ "fputc", -1, 1 },
	{ "putc", -1, 1 },
	{ "fwrite", -1, 3 },
	{ "perror", -1, -1 },
	{ "fflush", -1, 0 },
};

/* True if e names one of the library's own streams (stdout, stderr, stdin:
 * a variable declared in a system header), whose functions are the
 * library's unless the program reassigns them. */
static int library_stream(CXCursor e)
{
	CXCursor d;

	e = as_strip(e);
	if (clang_getCursorKind(e) != CXCursor_DeclRefExpr)
		return 0;
	d = clang_getCursorReferenced(e);
	return clang_getCursorKind(d) == CXCursor_VarDecl &&
	       clang_Location_isInSystemHeader(clang_getCursorLocation(d));
}

/* Functions that make a stream write into memory the program holds, or
 * through the program's own functions: glibc hands a large fwrite's bytes,
 * the caller's own, straight to a fopencookie write function. A file mapped
 * shared (mmap, or the raw system call, which may be mmap) is memory too,
 * which output to that file writes. A thread that holds a stream's lock
 * across its own code (flockfile) may write anything while an output call
 * of another thread waits for that lock. */
static const char *const memstream_calls[] = { "fmemopen", "open_memstream", "open_wmemstream", "setvbuf",
					       "setbuf", "setbuffer", "fopencookie", "funopen",
					       "mmap", "mmap64", "syscall", "flockfile",
					       "ftrylockfile" };

/* Functions that give printf conversions the program's own handlers, which
 * may write what they are given (glibc lets a handler replace %s too). */
static const char *const printf_hook_calls[] = { "register_printf_specifier", "register_printf_function",
						 "register_printf_modifier", "register_printf_type" };

struct names {
	const char *const *names;
	size_t n;
	int found;
};

static enum CXChildVisitResult find_name(CXCursor c, CXCursor parent, CXClientData data)
{
	struct names *w = data;

	(void)parent;
	if (clang_Location_isInSystemHeader(clang_getCursorLocation(c)))
		return CXChildVisit_Continue;
	if (clang_getCursorKind(c) == CXCursor_DeclRefExpr) {
		CXString s = clang_getCursorSpelling(c);
		w->found = as_name_in(clang_getCString(s), w->names, w->n) != NULL;
		clang_disposeString(s);
		if (w->found)
			return CXChildVisit_Break;
	}
	return CXChildVisit_Recurse;
}

/* Whether the unit names one of names outside system headers; *known and
 * *found cache the answer in the unit. */
static int unit_names(struct as_tu *tu, const char *const *names, size_t n, int *known, int *found)
{
	if (!*known) {
		struct names w = { names, n, 0 };
		clang_visitChildren(clang_getTranslationUnitCursor(tu->tu), find_name, &w);
		*found = w.found;
		*known = 1;
	}
	return *found;
}

int as_unit_opens_memstream(struct as_tu *tu)
{
	return unit_names(tu, memstream_calls, sizeof memstream_calls / sizeof memstream_calls[0], &tu->memstream_known,
			  &tu->memstream);
}

/* True if the printf format s (its bytes up to the first NUL, as printf
 * reads it) may write through an argument: a %n conversion, or one that is
 * not a standard reading conversion (a handler the program registered, or
 * a flag the reader does not know, such as glibc's 'I' before n). */
static int format_writes(const char *s)
{
	for (; *s; s++) {
		if (*s != '%')
			continue;
		s++;
		if (*s == '%')
			continue;
		/* position, flags (glibc's I too), width, precision, length */
		while (*s && strchr("0123456789$-+ #'I.*hlLqjzt", *s))
			s++;
		if (!*s || !strchr("diouxXeEfFgGaAcspCSm", *s))
			return 1;
	}
	return 0;
}

const char *as_call_not_read_only(struct as_tu *tu, CXCursor call, const struct as_rule *r)
{
	CXCursor decl = clang_getCursorReferenced(call);
	CXString s;
	int output = -1, fmt = -1, stream = -1;
	unsigned line;

	if (!r || r->role != AS_ROLE_READ)
		return "the rule packs do not declare it read-only";
	if (clang_Cursor_isNull(decl) || !clang_Location_isInSystemHeader(clang_getCursorLocation(decl)))
		return "it is not the library's function (its declaration is not in a system header)";
	if (as_unit_rebinds(tu, decl))
		return "it is not the library's function (the unit defines its name, or binds it to a function of its "
		       "own with an attribute such as alias)";
	if (as_tu_program_defines(tu, clang_getCString(s = clang_getCursorSpelling(decl)))) {
		clang_disposeString(s);
		return "it is not the library's function (another unit of the program defines one of that name, "
		       "which the linker binds this unit's calls to)";
	}
	clang_disposeString(s);
	/* '#pragma redefine_extname strlen own_len' ahead of <string.h>. */
	if (as_asm_label(decl, NULL, &line) && line)
		return "the unit binds its name to another symbol (an asm label or #pragma redefine_extname)";
	s = clang_getCursorSpelling(decl);
	for (size_t i = 0; i < sizeof output_calls / sizeof output_calls[0]; i++)
		if (!strcmp(clang_getCString(s), output_calls[i].name)) {
			output = (int)i;
			fmt = output_calls[i].format;
			stream = output_calls[i].stream;
		}
	clang_disposeString(s);
	if (output < 0)
		return NULL;
	if (as_unit_opens_memstream(tu))
		return "the unit opens a stream on a memory buffer or with its own functions (fmemopen, "
		       "open_memstream, setvbuf, setbuf or fopencookie), maps a file into memory (mmap or a raw syscall) or "
		       "holds a stream's lock across its own code (flockfile), which stdio output writes, calls or waits for";
	if (as_tu_function(tu, AS_MEMSTREAM_NAME, strlen(AS_MEMSTREAM_NAME)))
		return "another unit of the program opens a stream on a memory buffer or with its own functions "
		       "(fmemopen, open_memstream, setvbuf, setbuf or fopencookie), maps a file into memory (mmap or a raw syscall) "
		       "or holds a stream's lock across its own code (flockfile), which stdio output writes, calls or waits for";
	if (stream >= 0 && (stream >= clang_Cursor_getNumArguments(call) ||
			    !library_stream(clang_Cursor_getArgument(call, (unsigned)stream))))
		return "its stream is not the library's stdout or stderr: a stream opened with the program's own "
		       "functions (fopencookie) runs them, handing them the caller's bytes";
	if (fmt >= 0 && unit_names(tu, printf_hook_calls, sizeof printf_hook_calls / sizeof printf_hook_calls[0],
				   &tu->printf_hooks_known, &tu->printf_hooks))
		return "the unit registers printf conversion handlers (register_printf_specifier), which may write "
		       "what they print";
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

/* True if the printf format s has a %p conversion: it prints where its
 * argument points, not what lies there. */
static int format_shows_address(const char *s)
{
	for (; *s; s++) {
		if (*s != '%' || *++s == '%')
			continue;
		while (*s && strchr("0123456789$-+ #'I.*hlLqjzt", *s))
			s++;
		if (*s == 'p')
			return 1;
		if (!*s)
			break;
	}
	return 0;
}

int as_call_arg_shows_address(CXCursor call, unsigned i)
{
	CXType t = clang_getCursorType(clang_getCursorReferenced(call));
	int fixed = clang_getNumArgTypes(t);
	CXType arg, to;
	CXEvalResult ev;
	int shows = 1;

	if (!clang_isFunctionTypeVariadic(t) || fixed < 1 || (int)i < fixed)
		return 0;
	arg = clang_getCanonicalType(clang_getCursorType(clang_Cursor_getArgument(call, i)));
	to = clang_getCanonicalType(clang_getPointeeType(arg));
	if (arg.kind != CXType_Pointer || to.kind == CXType_FunctionProto || to.kind == CXType_FunctionNoProto)
		return 0;
	if (!as_type_char(to))
		return 1;
	/* A string: printed as text unless the format, its last fixed
	 * argument, has a %p or cannot be read. */
	if (clang_getCursorKind(as_strip(clang_Cursor_getArgument(call, (unsigned)fixed - 1))) != CXCursor_StringLiteral)
		return 1;
	ev = clang_Cursor_Evaluate(clang_Cursor_getArgument(call, (unsigned)fixed - 1));
	if (ev && clang_EvalResult_getKind(ev) == CXEval_StrLiteral)
		shows = format_shows_address(clang_EvalResult_getAsStr(ev));
	if (ev)
		clang_EvalResult_dispose(ev);
	return shows;
}
