/* as_directives.h - a file's preprocessor directives as the preprocessor
 * lexes them (clang_tokenize over the whole file): a `#` or `%:` that is
 * the first token of its line, and the name after it. Comments, string
 * literals and line splices are the lexer's business, so `#endif` inside a
 * block comment is no directive and `%:if` is one. */
#ifndef AS_DIRECTIVES_H
#define AS_DIRECTIVES_H

#include "as_tu.h"

enum as_dir_kind {
	AS_DIR_OTHER,
	AS_DIR_IF,   /* #if, #ifdef, #ifndef */
	AS_DIR_ELSE, /* #else, #elif, #elifdef, #elifndef */
	AS_DIR_ENDIF,
	AS_DIR_INCLUDE, /* #include, #include_next, #import */
	AS_DIR_DEFINE,
	AS_DIR_UNDEF,
	AS_DIR_LINE,       /* #line, and GNU's `# 12 "file"` */
	AS_DIR_PRAGMA,     /* #pragma (not the _Pragma operator, which is no directive) */
	AS_DIR_DIAGNOSTIC, /* #pragma GCC diagnostic, #pragma clang diagnostic: warnings only */
};

struct as_directive {
	unsigned begin, end; /* the `#` and just past the directive's line (its newline) */
	unsigned line;
	enum as_dir_kind kind;
	int depth;             /* conditional blocks open around it (an #if counts itself out) */
	unsigned arg, arg_end; /* the tokens after the name (an #include's header), empty if none */
};

/* The directives of f in file order, held by the unit (t->files); NULL with
 * *n 0 if the file has none or its text is not available. */
const struct as_directive *as_directives(struct as_tu *t, CXFile f, size_t *n);
/* The line of the first directive that starts in [from, to), 0 if none. */
unsigned as_directive_line(struct as_tu *t, CXFile f, unsigned from, unsigned to);
/* Where a new `#include` goes, plus one (0: no place found): just after
 * the last #include ahead of the first line of code and outside every
 * conditional block (inside the include guard, when the whole file is one
 * guarded block); failing that, after the
 * last directive line outside conditionals that precedes the first line of
 * code. */
unsigned as_include_spot(struct as_tu *t, CXFile f);
/* True if f includes header ("asrt/asrt.h": written <header>, "header", or a
 * path ending in /header) ahead of its first line of code and outside every
 * conditional block but a whole-file guard: an include every configuration
 * of the file sees before its code. */
int as_includes_header(struct as_tu *t, CXFile f, const char *header);

#endif
