#include "as_tu.h"

#include "as_file.h"
#include "as_grow.h"
#include "as_hash.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const struct as_rule *as_tu_function(const struct as_tu *t, const char *name, size_t len)
{
	const struct as_rule *r = t->summaries.nrules ? as_rules_function(&t->summaries, name, len) : NULL;

	if (!r)
		r = as_rules_function(t->rules, name, len);
	if (!r && t->program && t->program->rules.nrules && as_names_has(t->callees, name, len))
		r = as_rules_function(&t->program->rules, name, len);
	return r;
}

int as_call_direct(CXCursor call)
{
	/* A pack names functions: sc->malloc(n), ops.free(p) or a pointer
	 * variable named realloc call whatever the program stored there. */
	return clang_getCursorKind(clang_getCursorReferenced(call)) == CXCursor_FunctionDecl;
}

/* "->NAME" for a call through a struct member NAME (sc->malloc(n),
 * ops.free(p)) that a pack names so, which says the member holds that
 * allocator; "" for any other indirect call. */
static const char *member_callee(struct as_tu *t, CXCursor call)
{
	CXCursor callee = clang_getCursorReferenced(call);
	CXString s;
	char buf[256];
	int n;

	if (clang_getCursorKind(callee) != CXCursor_FieldDecl)
		return "";
	s = clang_getCursorSpelling(callee);
	n = snprintf(buf, sizeof buf, "->%s", clang_getCString(s) ? clang_getCString(s) : "");
	clang_disposeString(s);
	if (n <= 2 || n >= (int)sizeof buf || !as_tu_function(t, buf, (size_t)n))
		return "";
	return as_arena_strdup(&t->arena, buf);
}

const char *as_tu_callee(struct as_tu *t, CXCursor call)
{
	CXString s;
	const char *name;

	if (!as_call_direct(call))
		return member_callee(t, call);
	s = clang_getCursorSpelling(call);
	name = as_arena_strdup(&t->arena, clang_getCString(s) ? clang_getCString(s) : "");
	clang_disposeString(s);
	return name;
}

int as_program_mark(const char *name, char mark[static 256])
{
	int n = snprintf(mark, 256, "%s%s", AS_PROGRAM_DEFINES, name);

	return n > 0 && n < 256;
}

int as_tu_program_defines(const struct as_tu *t, const char *name)
{
	char mark[256];

	/* A name too long for the mark is no library's. */
	return as_program_mark(name, mark) && as_tu_function(t, mark, strlen(mark));
}

const struct as_grower *as_tu_grower(const struct as_tu *t, const char *name, size_t len)
{
	for (size_t k = 0; k < t->ngrowers; k++)
		if (strlen(t->growers[k].name) == len && !memcmp(t->growers[k].name, name, len))
			return &t->growers[k];
	if (t->program && as_names_has(t->callees, name, len))
		return as_program_grower(t->program, name, len);
	return NULL;
}

const char *as_tu_buffer(struct as_tu *t, CXFile f, size_t *len)
{
	const char *buf;
	size_t n = 0;

	for (size_t i = 0; i < t->nfiles; i++)
		if (clang_File_isEqual(t->files[i].file, f)) {
			*len = t->files[i].len;
			return t->files[i].buf;
		}
	buf = clang_getFileContents(t->tu, f, &n);
	if (!buf)
		return NULL;
	if (AS_GROW(t->files, t->nfiles, t->capfiles))
		return NULL;
	t->files[t->nfiles++] = (struct as_srcfile){ .file = f, .buf = buf, .len = n };
	*len = n;
	return buf;
}

static struct as_srcfile *srcfile(struct as_tu *t, CXFile f)
{
	size_t len;

	if (!as_tu_buffer(t, f, &len))
		return NULL;
	for (size_t i = 0; i < t->nfiles; i++)
		if (clang_File_isEqual(t->files[i].file, f))
			return &t->files[i];
	return NULL;
}

void as_tu_line_col(struct as_tu *t, CXFile f, unsigned off, unsigned *line, unsigned *col)
{
	struct as_srcfile *s = srcfile(t, f);
	size_t lo = 0, hi;

	*line = *col = 1;
	if (!s)
		return;
	if (!s->lines && !(s->lines = as_line_starts(s->buf, s->len, &s->nlines)))
		return;
	if (off > s->len)
		off = (unsigned)s->len;
	/* The last line start at or before off. */
	hi = s->nlines;
	while (hi - lo > 1) {
		size_t mid = lo + (hi - lo) / 2;
		if (s->lines[mid] <= off)
			lo = mid;
		else
			hi = mid;
	}
	*line = (unsigned)lo + 1;
	*col = (unsigned)(off - s->lines[lo]) + 1;
}

unsigned long long as_tu_text_hash(struct as_tu *t, CXFile f)
{
	struct as_srcfile *s = srcfile(t, f);

	if (!s)
		return as_text_hash("", 0);
	if (!s->hashed) {
		s->hash = as_text_hash(s->buf, s->len);
		s->hashed = 1;
	}
	return s->hash;
}

const char *as_tu_real_path(struct as_tu *t, CXFile f)
{
	CXString s = clang_File_tryGetRealPathName(f);
	const char *p = clang_getCString(s);
	char *copy;

	if (!p || !*p) {
		clang_disposeString(s);
		s = clang_getFileName(f);
		p = clang_getCString(s);
	}
	copy = as_arena_strdup(&t->arena, p ? p : "");
	clang_disposeString(s);
	return copy;
}

int as_loc_file(CXSourceLocation l, CXFile *f, unsigned *off)
{
	unsigned line, col;

	clang_getFileLocation(l, f, &line, &col, off);
	return *f ? 0 : -1;
}

int as_loc_spelling(CXSourceLocation l, CXFile *f, unsigned *off)
{
	unsigned line, col;

	clang_getSpellingLocation(l, f, &line, &col, off);
	return *f ? 0 : -1;
}

int as_loc_expansion(CXSourceLocation l, CXFile *f, unsigned *off)
{
	unsigned line, col;

	clang_getExpansionLocation(l, f, &line, &col, off);
	return *f ? 0 : -1;
}

int as_loc_token(struct as_tu *t, CXSourceLocation l, CXFile *f, unsigned *off)
{
	CXToken *tok = NULL;
	unsigned n = 0;
	int rc;

	clang_tokenize(t->tu, clang_getRange(l, l), &tok, &n);
	rc = n ? as_loc_file(clang_getTokenLocation(t->tu, tok[0]), f, off) : -1;
	if (tok)
		clang_disposeTokens(t->tu, tok, n);
	return rc;
}

/* The identifier a cursor's first token must be, "" when that token is no
 * identifier (a parenthesis, a literal, an operator), NULL if unknown. */
static const char *first_name(CXCursor c, CXString *hold)
{
	CXCursor kid[2];
	int n;

	for (int depth = 0; depth < 32; depth++) {
		switch (clang_getCursorKind(c)) {
		case CXCursor_DeclRefExpr:
		case CXCursor_CallExpr:
			if (clang_getCursorKind(c) == CXCursor_CallExpr) {
				if (as_children(c, kid, 1) < 1)
					return NULL;
				c = kid[0];
				continue;
			}
			*hold = clang_getCursorSpelling(c);
			return clang_getCString(*hold);
		case CXCursor_MemberRefExpr:
		case CXCursor_ArraySubscriptExpr:
		case CXCursor_BinaryOperator:
		case CXCursor_CompoundAssignOperator:
		case CXCursor_ConditionalOperator:
			n = as_children(c, kid, 2);
			if (n < 1)
				return NULL;
			c = kid[0];
			continue;
		case CXCursor_UnexposedExpr:
			if (as_children(c, kid, 2) != 1)
				return NULL;
			c = kid[0];
			continue;
		case CXCursor_UnaryExpr:
			*hold = clang_getCursorSpelling(c);
			return NULL; /* sizeof, alignof, __alignof__: any keyword will do */
		default:
			return "";
		}
	}
	return NULL;
}

int as_cursor_user_written(struct as_tu *t, CXCursor c)
{
	CXSourceLocation l = clang_getRangeStart(clang_getCursorExtent(c));
	CXString hold = { 0 };
	const char *want, *buf;
	CXFile f;
	unsigned off;
	size_t len, n = 0;
	int user;

	/* libclang 14 reports a macro body's tokens at the macro's name in the
	 * file, so compare what should start here with what the file holds. */
	if (as_loc_file(l, &f, &off) || !(buf = as_tu_buffer(t, f, &len)) || off >= len)
		return 0;
	while (off + n < len && (isalnum((unsigned char)buf[off + n]) || buf[off + n] == '_'))
		n++;
	/* A postfix operator starts with its operand (i++). */
	if (clang_getCursorKind(c) == CXCursor_UnaryOperator && n > 0) {
		CXCursor kid[1];
		if (as_children(c, kid, 1) == 1)
			return as_cursor_user_written(t, kid[0]);
	}
	want = first_name(c, &hold);
	if (!want)
		user = clang_getCursorKind(c) == CXCursor_UnaryExpr ? n > 0 : 1;
	else if (!*want)
		user = n == 0 || isdigit((unsigned char)buf[off]) || (buf[off] == 'L' && n == 1);
	else
		user = strlen(want) == n && !memcmp(want, buf + off, n);
	if (hold.data)
		clang_disposeString(hold);
	return user;
}

int as_cursor_ends_in_macro_arg(CXCursor c)
{
	CXSourceRange r;

	if (clang_Cursor_isNull(c))
		return 0;
	r = clang_getCursorExtent(c);
	for (int end = 0; end < 2; end++) {
		CXSourceLocation l = end ? clang_getRangeEnd(r) : clang_getRangeStart(r);
		CXFile f;
		unsigned in_file = 0, expanded = 0;
		as_loc_file(l, &f, &in_file);
		as_loc_expansion(l, &f, &expanded);
		if (in_file != expanded)
			return 1;
	}
	return 0;
}

struct kids {
	CXCursor *out;
	int n, max;
};

static enum CXChildVisitResult collect(CXCursor c, CXCursor parent, CXClientData data)
{
	struct kids *k = data;

	(void)parent;
	if (k->n < k->max)
		k->out[k->n] = c;
	k->n++;
	return CXChildVisit_Continue;
}

int as_children(CXCursor c, CXCursor *out, int max)
{
	struct kids k = { out, 0, max };

	clang_visitChildren(c, collect, &k);
	return k.n;
}

struct subtree_any {
	int (*pred)(CXCursor c, void *ctx);
	void *ctx;
	int hit;
};

static enum CXChildVisitResult any_kid(CXCursor c, CXCursor parent, void *ctx)
{
	struct subtree_any *a = ctx;

	(void)parent;
	if (a->pred(c, a->ctx)) {
		a->hit = 1;
		return CXChildVisit_Break;
	}
	return CXChildVisit_Recurse;
}

int as_subtree_any(CXCursor c, int (*pred)(CXCursor c, void *ctx), void *ctx)
{
	struct subtree_any a = { pred, ctx, 0 };

	if (pred(c, ctx))
		return 1;
	clang_visitChildren(c, any_kid, &a);
	return a.hit;
}

int as_names_var(CXCursor c, void *name)
{
	CXString s;
	int r;

	if (clang_getCursorKind(c) != CXCursor_DeclRefExpr)
		return 0;
	s = clang_getCursorSpelling(c);
	r = !strcmp(clang_getCString(s), name);
	clang_disposeString(s);
	return r;
}

/* ((void) 0, x) is x: a comma whose left operand is a constant thrown
 * away (an assertion compiled out, as Duktape's DUK_ASSERT_EXPR in its
 * accessor macros) evaluates nothing else. Only the comma takes an operand
 * of type void, so the operator needs no token (a macro body has none). */
static CXCursor discarded_constant_comma(CXCursor c)
{
	CXCursor kid[3];

	if (as_children(c, kid, 3) != 2 || clang_getCanonicalType(clang_getCursorType(kid[0])).kind != CXType_Void ||
	    clang_getCursorKind(as_strip(kid[0])) != CXCursor_IntegerLiteral)
		return c;
	return kid[1];
}

CXCursor as_strip_layer(CXCursor c)
{
	enum CXCursorKind k = clang_getCursorKind(c);
	CXCursor kid[3];
	int n;

	if (k == CXCursor_BinaryOperator)
		return discarded_constant_comma(c);
	if (k != CXCursor_UnexposedExpr && k != CXCursor_ParenExpr && k != CXCursor_CStyleCastExpr)
		return c;
	n = as_children(c, kid, 3);
	/* A cast's children are an optional type reference, then the operand. */
	if (n < 1 || n > 2 || !clang_isExpression(clang_getCursorKind(kid[n - 1])))
		return c;
	if (k == CXCursor_UnexposedExpr && n != 1)
		return c;
	return kid[n - 1];
}

CXCursor as_strip(CXCursor c)
{
	for (CXCursor in = as_strip_layer(c); !clang_equalCursors(in, c); c = in, in = as_strip_layer(c))
		;
	return c;
}

int as_eval_int(CXCursor c, long long *out)
{
	CXEvalResult r = clang_Cursor_Evaluate(c);
	int ok = 0;

	if (!r)
		return 0;
	if (clang_EvalResult_getKind(r) == CXEval_Int) {
		*out = clang_EvalResult_getAsLongLong(r);
		ok = 1;
	}
	clang_EvalResult_dispose(r);
	return ok;
}

static enum CXChildVisitResult find_asm_label(CXCursor c, CXCursor parent, CXClientData data)
{
	(void)parent;
	if (clang_getCursorKind(c) != CXCursor_AsmLabelAttr)
		return CXChildVisit_Continue;
	*(CXCursor *)data = c;
	return CXChildVisit_Break;
}

/* '#pragma redefine_extname' labels a declaration with an implicit
 * attribute, which libclang does not list: the symbol tells, when it is
 * neither the name nor the name with the platform's leading underscore. */
static int relabelled(CXCursor decl, CXString *label)
{
	CXString m = clang_Cursor_getMangling(decl), s = clang_getCursorSpelling(decl);
	const char *sym = clang_getCString(m), *name = clang_getCString(s);
	int other = sym && name && *sym && strcmp(sym, name) && !(sym[0] == '_' && !strcmp(sym + 1, name));

	clang_disposeString(s);
	if (other && label)
		*label = m;
	else
		clang_disposeString(m);
	return other;
}

int as_asm_label(CXCursor decl, CXString *label, unsigned *line)
{
	CXCursor attr = clang_getNullCursor();
	CXSourceLocation at;

	/* An inherited label is listed on every later declaration too. */
	clang_visitChildren(decl, find_asm_label, &attr);
	*line = 0;
	if (clang_Cursor_isNull(attr)) {
		/* The unit's pragma, also over a system header's declaration. */
		if (!relabelled(decl, label))
			return 0;
		clang_getExpansionLocation(clang_getCursorLocation(decl), NULL, line, NULL, NULL);
		*line += !*line;
		return 1;
	}
	at = clang_getCursorLocation(attr);
	if (label)
		*label = clang_getCursorSpelling(attr);
	if (!clang_Location_isInSystemHeader(at))
		clang_getExpansionLocation(at, NULL, line, NULL, NULL);
	return 1;
}

static enum CXChildVisitResult find_attr(CXCursor c, CXCursor parent, CXClientData data)
{
	(void)parent;
	*(int *)data |= clang_getCursorKind(c) == CXCursor_UnexposedAttr;
	return CXChildVisit_Continue;
}

/* An attribute that names another symbol as the declaration's own (GCC's
 * and clang's alias and weakref, on variables too), or one whose tokens
 * cannot be read. */
static enum CXChildVisitResult find_alias_attr(CXCursor c, CXCursor parent, CXClientData data)
{
	static const char *const names[] = { "alias", "__alias__", "weakref", "__weakref__" };
	CXTranslationUnit tu = clang_Cursor_getTranslationUnit(c);
	CXToken *tok = NULL;
	unsigned n = 0;

	(void)parent;
	if (clang_getCursorKind(c) != CXCursor_UnexposedAttr)
		return CXChildVisit_Continue;
	clang_tokenize(tu, clang_getCursorExtent(c), &tok, &n);
	*(int *)data |= n == 0;
	for (unsigned i = 0; i < n; i++) {
		CXString s = clang_getTokenSpelling(tu, tok[i]);

		for (size_t j = 0; j < sizeof names / sizeof names[0]; j++)
			*(int *)data |= !strcmp(clang_getCString(s), names[j]);
		clang_disposeString(s);
	}
	if (tok)
		clang_disposeTokens(tu, tok, n);
	return *(int *)data ? CXChildVisit_Break : CXChildVisit_Continue;
}

int as_decl_aliases(CXCursor decl)
{
	int found = 0;

	clang_visitChildren(decl, find_alias_attr, &found);
	return found;
}

int as_library_function(CXCursor c)
{
	if (!clang_Location_isInSystemHeader(clang_getCursorLocation(c)))
		return 0;
	return !clang_isCursorDefinition(c) ||
	       (clang_Cursor_isFunctionInlined(c) && clang_Cursor_getStorageClass(c) != CX_SC_Static);
}

static enum CXChildVisitResult collect_rebinding(CXCursor c, CXCursor parent, CXClientData data)
{
	struct as_tu *tu = data;
	struct as_rebind *grown;
	CXCursor canon;
	int attr = 0;

	(void)parent;
	if (clang_getCursorKind(c) != CXCursor_FunctionDecl || as_library_function(c))
		return CXChildVisit_Continue;
	if (!clang_isCursorDefinition(c))
		clang_visitChildren(c, find_attr, &attr);
	if (!clang_isCursorDefinition(c) && !attr)
		return CXChildVisit_Continue;
	canon = clang_getCanonicalCursor(c);
	/* The first such declaration gives the line. */
	for (size_t i = 0; i < tu->nrebinds; i++)
		if (clang_equalCursors(tu->rebinds[i].canon, canon))
			return CXChildVisit_Continue;
	grown = realloc(tu->rebinds, (tu->nrebinds + 1) * sizeof *grown);
	if (!grown) {
		tu->rebinds_failed = 1;
		return CXChildVisit_Break;
	}
	tu->rebinds = grown;
	tu->rebinds[tu->nrebinds].canon = canon;
	clang_getExpansionLocation(clang_getCursorLocation(c), NULL, &tu->rebinds[tu->nrebinds].line, NULL, NULL);
	tu->rebinds[tu->nrebinds].line += !tu->rebinds[tu->nrebinds].line;
	tu->nrebinds++;
	return CXChildVisit_Continue;
}

unsigned as_unit_rebinds(struct as_tu *tu, CXCursor decl)
{
	CXCursor canon = clang_getCanonicalCursor(decl);

	/* Once per unit: callers ask for every call between every pair. */
	if (!tu->rebinds_known) {
		clang_visitChildren(clang_getTranslationUnitCursor(tu->tu), collect_rebinding, tu);
		tu->rebinds_known = 1;
	}
	/* Out of memory, any function may be the unit's own: the caller
	 * then refuses, as for one that is. */
	if (tu->rebinds_failed)
		return 1;
	for (size_t i = 0; i < tu->nrebinds; i++)
		if (clang_equalCursors(tu->rebinds[i].canon, canon))
			return tu->rebinds[i].line;
	return 0;
}

void as_unit_rebinds_free(struct as_tu *tu)
{
	free(tu->rebinds);
	tu->rebinds = NULL;
	tu->nrebinds = 0;
	tu->rebinds_known = tu->rebinds_failed = 0;
}

struct declared {
	const char *name;
	CXCursor fn;
	int found;
};

static enum CXChildVisitResult find_declared(CXCursor c, CXCursor parent, CXClientData data)
{
	struct declared *d = data;
	CXString s;

	(void)parent;
	if (clang_equalCursors(c, d->fn))
		return CXChildVisit_Break;
	if (clang_getCursorKind(c) != CXCursor_FunctionDecl)
		return CXChildVisit_Continue;
	s = clang_getCursorSpelling(c);
	d->found = !strcmp(clang_getCString(s), d->name);
	clang_disposeString(s);
	return d->found ? CXChildVisit_Break : CXChildVisit_Continue;
}

int as_tu_declared_before(struct as_tu *tu, const char *name, CXCursor fn)
{
	struct declared d = { name, fn, 0 };

	clang_visitChildren(clang_getTranslationUnitCursor(tu->tu), find_declared, &d);
	return d.found;
}

int as_unevaluated(CXCursor c)
{
	long long v;

	return clang_getCursorKind(c) == CXCursor_UnaryExpr && as_eval_int(c, &v);
}

/* outer: an enclosing array type was const (a canonical array type may
 * carry its elements' qualifiers itself). */
static int deeply_const(CXType t, int outer)
{
	int c;

	t = clang_getCanonicalType(t);
	c = outer || clang_isConstQualifiedType(t);
	if (clang_isVolatileQualifiedType(t))
		return 0;
	if (t.kind == CXType_ConstantArray || t.kind == CXType_IncompleteArray)
		return deeply_const(clang_getArrayElementType(t), c);
	return c && (t.kind != CXType_Pointer || deeply_const(clang_getPointeeType(t), 0));
}

int as_type_deeply_const(CXType t)
{
	return deeply_const(t, 0);
}

int as_type_char(CXType t)
{
	enum CXTypeKind k = clang_getCanonicalType(t).kind;

	return k == CXType_Char_S || k == CXType_Char_U || k == CXType_SChar || k == CXType_UChar;
}
