/* as_directives.c - a file's preprocessor directives from libclang's
 * tokens, and the place for a new #include that follows from them. */
#include "as_directives.h"

#include <stdlib.h>
#include <string.h>

#include "as_grow.h"

/* The first real newline in the gap [from, to) between two tokens (which
 * holds only blanks, comments and splices): the offset just past it, 0 if
 * the gap has none. A newline inside a block comment or after a backslash
 * does not end a line. */
static unsigned newline_in_gap(const char *b, unsigned from, unsigned to)
{
	for (unsigned i = from; i < to; i++) {
		if (b[i] == '/' && i + 1 < to && b[i + 1] == '*') {
			for (i += 2; i + 1 < to && !(b[i] == '*' && b[i + 1] == '/'); i++)
				;
			i++;
		} else if (b[i] == '\\' && i + 1 < to && (b[i + 1] == '\n' || b[i + 1] == '\r')) {
			i += b[i + 1] == '\r' && i + 2 < to && b[i + 2] == '\n' ? 2 : 1;
		} else if (b[i] == '\n') {
			return i + 1;
		}
	}
	return 0;
}

static enum as_dir_kind kind_of(const char *name)
{
	static const struct {
		const char *name;
		enum as_dir_kind kind;
	} names[] = {
		{ "if", AS_DIR_IF },
		{ "ifdef", AS_DIR_IF },
		{ "ifndef", AS_DIR_IF },
		{ "else", AS_DIR_ELSE },
		{ "elif", AS_DIR_ELSE },
		{ "elifdef", AS_DIR_ELSE },
		{ "elifndef", AS_DIR_ELSE },
		{ "endif", AS_DIR_ENDIF },
		{ "include", AS_DIR_INCLUDE },
		{ "include_next", AS_DIR_INCLUDE },
		{ "import", AS_DIR_INCLUDE },
		{ "define", AS_DIR_DEFINE },
		{ "undef", AS_DIR_UNDEF },
		{ "line", AS_DIR_LINE },
		{ "pragma", AS_DIR_PRAGMA },
	};

	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
		if (strcmp(name, names[i].name) == 0)
			return names[i].kind;
	return AS_DIR_OTHER;
}

static unsigned tok_offset(CXTranslationUnit tu, CXToken t, int end)
{
	CXSourceRange r = clang_getTokenExtent(tu, t);
	unsigned off;

	clang_getFileLocation(end ? clang_getRangeEnd(r) : clang_getRangeStart(r), NULL, NULL, NULL, &off);
	return off;
}

static int token_is(CXTranslationUnit tu, CXToken t, const char *text)
{
	CXString sp = clang_getTokenSpelling(tu, t);
	int is = !strcmp(clang_getCString(sp), text);

	clang_disposeString(sp);
	return is;
}

/* The two tokens after `pragma` say GCC diagnostic or clang diagnostic. */
static int diagnostic_pragma(CXTranslationUnit tu, const CXToken *t)
{
	return (token_is(tu, t[0], "GCC") || token_is(tu, t[0], "clang")) && token_is(tu, t[1], "diagnostic");
}

/* Lexes f and fills s->dirs; also notes the first token that is code. */
static int read_directives(struct as_tu *t, struct as_srcfile *s)
{
	CXToken *tok = NULL;
	unsigned n = 0, i = 0, len = (unsigned)s->len;
	int depth = 0;
	CXSourceRange all = clang_getRange(clang_getLocationForOffset(t->tu, s->file, 0),
					   clang_getLocationForOffset(t->tu, s->file, len));

	s->dirs_read = 1;
	s->first_code = len;
	s->last_code = 0;
	clang_tokenize(t->tu, all, &tok, &n);
	while (i < n) {
		unsigned at = tok_offset(t->tu, tok[i], 0);
		unsigned prev_end = i ? tok_offset(t->tu, tok[i - 1], 1) : 0;
		int first_on_line = !i || newline_in_gap(s->buf, prev_end, at) || prev_end == 0;
		CXString sp = clang_getTokenSpelling(t->tu, tok[i]);
		const char *p = clang_getCString(sp);
		int hash = clang_getTokenKind(tok[i]) == CXToken_Punctuation && (!strcmp(p, "#") || !strcmp(p, "%:"));
		struct as_directive d = { 0 };
		unsigned end = 0, j;

		clang_disposeString(sp);
		if (!hash || !first_on_line) {
			/* clang_tokenize returns comments too: they are not code (a
			 * file's leading comment would put every include after it). */
			if (clang_getTokenKind(tok[i]) != CXToken_Comment) {
				if (at < s->first_code)
					s->first_code = at;
				s->last_code = at;
			}
			i++;
			continue;
		}
		/* The directive's tokens: up to the first real newline. */
		for (j = i + 1; j < n; j++) {
			unsigned b = tok_offset(t->tu, tok[j], 0);
			if ((end = newline_in_gap(s->buf, tok_offset(t->tu, tok[j - 1], 1), b)))
				break;
		}
		if (j == n)
			end = newline_in_gap(s->buf, tok_offset(t->tu, tok[n - 1], 1), len);
		d.begin = at;
		d.end = end ? end : len;
		clang_getFileLocation(clang_getTokenLocation(t->tu, tok[i]), NULL, &d.line, NULL, NULL);
		if (i + 1 < j) {
			CXString nm = clang_getTokenSpelling(t->tu, tok[i + 1]);
			/* `# 12 "file"` is GNU's spelling of #line. */
			d.kind = clang_getTokenKind(tok[i + 1]) == CXToken_Literal ? AS_DIR_LINE
										   : kind_of(clang_getCString(nm));
			clang_disposeString(nm);
		}
		if (d.kind == AS_DIR_PRAGMA && i + 3 < j && diagnostic_pragma(t->tu, tok + i + 2))
			d.kind = AS_DIR_DIAGNOSTIC;
		if (i + 2 < j) {
			d.arg = tok_offset(t->tu, tok[i + 2], 0);
			d.arg_end = tok_offset(t->tu, tok[j - 1], 1);
		}
		if (d.kind == AS_DIR_ENDIF && depth > 0)
			depth--;
		d.depth = depth;
		if (d.kind == AS_DIR_IF)
			depth++;
		if (AS_GROW(s->dirs, s->ndirs, s->capdirs)) {
			clang_disposeTokens(t->tu, tok, n);
			return -1;
		}
		s->dirs[s->ndirs++] = d;
		i = j;
	}
	if (tok)
		clang_disposeTokens(t->tu, tok, n);
	return 0;
}

static struct as_srcfile *srcfile(struct as_tu *t, CXFile f)
{
	size_t len;

	if (!f || !as_tu_buffer(t, f, &len))
		return NULL;
	for (size_t i = 0; i < t->nfiles; i++)
		if (clang_File_isEqual(t->files[i].file, f)) {
			if (!t->files[i].dirs_read && read_directives(t, &t->files[i]))
				return NULL;
			return &t->files[i];
		}
	return NULL;
}

const struct as_directive *as_directives(struct as_tu *t, CXFile f, size_t *n)
{
	struct as_srcfile *s = srcfile(t, f);

	*n = s ? s->ndirs : 0;
	return s ? s->dirs : NULL;
}

unsigned as_directive_line(struct as_tu *t, CXFile f, unsigned from, unsigned to)
{
	size_t n;
	const struct as_directive *d = as_directives(t, f, &n);

	for (size_t i = 0; i < n; i++)
		if (d[i].begin >= from && d[i].begin < to)
			return d[i].line;
	return 0;
}

/* The depth of f's top level: 1 when one conditional encloses the whole
 * file (an include guard), and what is directly inside it is the top level;
 * 0 otherwise. */
static int top_depth(const struct as_srcfile *s)
{
	size_t i = 1;

	if (s->ndirs < 2 || s->dirs[0].kind != AS_DIR_IF || s->dirs[0].begin >= s->first_code)
		return 0;
	while (i < s->ndirs && !(s->dirs[i].depth == 0 && s->dirs[i].kind == AS_DIR_ENDIF))
		i++;
	return i + 1 == s->ndirs && s->last_code < s->dirs[i].begin;
}

unsigned as_include_spot(struct as_tu *t, CXFile f)
{
	struct as_srcfile *s = srcfile(t, f);
	int top;
	unsigned spot = 0, fallback = 0;

	if (!s)
		return 0;
	top = top_depth(s);
	for (size_t i = 0; i < s->ndirs; i++) {
		const struct as_directive *d = &s->dirs[i];
		int outside = d->depth == top && !(top && i == 0);

		/* Only an include ahead of all code: one after it (Ruby's dir.c
		 * ends with #include "dir.rbinc") would declare the runtime's
		 * functions after their uses. */
		if (outside && d->kind == AS_DIR_INCLUDE && d->begin < s->first_code)
			spot = d->end;
		/* A directive line before the first code: a complete
		 * conditional block ends at its #endif. */
		if (d->begin < s->first_code && d->depth == top && !(top && i == 0) &&
		    (d->kind != AS_DIR_IF && d->kind != AS_DIR_ELSE))
			fallback = d->end;
	}
	if (!spot)
		spot = fallback;
	return spot ? spot + 1 : 0;
}

/* Whether the text [b, e), blanks left out, is <header> or "header", or
 * names a path ending in /header. */
static int names_header(const char *buf, unsigned b, unsigned e, const char *header)
{
	char name[256];
	size_t n = 0, hl = strlen(header);

	for (unsigned i = b; i < e && n + 1 < sizeof name; i++)
		if (buf[i] != ' ' && buf[i] != '\t')
			name[n++] = buf[i];
	if (n < 2 || !((name[0] == '<' && name[n - 1] == '>') || (name[0] == '"' && name[n - 1] == '"')))
		return 0;
	n -= 2;
	return n >= hl && memcmp(name + 1 + n - hl, header, hl) == 0 && (n == hl || name[n - hl] == '/');
}

int as_includes_header(struct as_tu *t, CXFile f, const char *header)
{
	struct as_srcfile *s = srcfile(t, f);
	int top;

	if (!s)
		return 0;
	top = top_depth(s);
	for (size_t i = 0; i < s->ndirs; i++) {
		const struct as_directive *d = &s->dirs[i];

		if (d->kind == AS_DIR_INCLUDE && d->depth == top && !(top && i == 0) && d->begin < s->first_code &&
		    names_header(s->buf, d->arg, d->arg_end, header))
			return 1;
	}
	return 0;
}
