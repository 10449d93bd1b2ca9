/* as_probe.c - the counting probes --instrument inserts at a finding's
 * calls (runtime/include/asrt/asrt_probe.h), as edits of the finding.
 *
 * A probe must not change what the program does: it passes every value
 * through unchanged (the header's macros keep the type) and evaluates each
 * expression once. Where it cannot do that it is left out, never
 * approximated:
 *   - a function call the user wrote has its size argument wrapped in place
 *     (ASRT_PROBE_N), its old pointer too (ASRT_PROBE_OLD) and, for a
 *     realloc, the call itself (ASRT_PROBE_NEW);
 *   - any other call (a pack macro, a call a macro spells) gets its probes
 *     evaluated just before it, which reads its size and pointer arguments
 *     once more: only when every argument is free of side effects. Inside an
 *     expression that is `(probes, CALL)`; as a statement of its own (which
 *     a macro may expand to, even several statements) it is
 *     `if (probes, 0) {} else CALL;`, which keeps the statement one
 *     statement, binds no break and keeps a following else where it was.
 * Every site is tagged "FILE:LINE:RULE#HASH", the hash over the calls' text,
 * so that a profile attaches its counts to the same code only. */
#include "as_probe.h"

#include <clang-c/Index.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "as_draft.h"
#include "as_hash.h"
#include "as_lex.h"

/* The kinds of asrt_probe.h. */
enum { PROBE_ALLOC,
       PROBE_COPY,
       PROBE_REALLOC,
       PROBE_DUP };

struct plan {
	struct as_fn *fn;
	struct as_finding *f;
	const char *site; /* the C literal */
	int full;         /* AS_MAX_FIXITS reached: the finding gets no probes */
};

static void edit(struct plan *p, unsigned at, const char *text)
{
	if (p->f->nprobes >= AS_MAX_FIXITS) {
		p->full = 1;
		return;
	}
	p->f->probes[p->f->nprobes].begin = at;
	p->f->probes[p->f->nprobes].end = at;
	p->f->probes[p->f->nprobes++].text = strdup(text);
}

/* True if the bytes [b, e) of the function's file may be read twice: no
 * assignment, increment or call (sizeof and its kin aside), outside string
 * and character literals; a comment or a directive is refused too. */
static int pure_text(const char *buf, size_t b, size_t e)
{
	for (size_t i = b; i < e; i++) {
		char c = buf[i];
		if (c == '"' || c == '\'') {
			for (i++; i < e && buf[i] != c; i++)
				i += buf[i] == '\\';
			continue;
		}
		if (c == '#' || (c == '/' && i + 1 < e && (buf[i + 1] == '*' || buf[i + 1] == '/')))
			return 0;
		if ((c == '+' || c == '-') && i + 1 < e && buf[i + 1] == c)
			return 0;
		if (c == '=') {
			char prev = i > b ? buf[i - 1] : ' ';
			if (i + 1 < e && buf[i + 1] == '=') {
				i++;
				continue;
			}
			if (prev == '!' || ((prev == '<' || prev == '>') && !(i > b + 1 && buf[i - 2] == prev)))
				continue;
			return 0;
		}
		if (c == '(' && i > b) {
			size_t j = i;
			while (j > b && (buf[j - 1] == ' ' || buf[j - 1] == '\t' || buf[j - 1] == '\n'))
				j--;
			size_t k = j;
			while (k > b && (buf[k - 1] == '_' || (buf[k - 1] >= 'a' && buf[k - 1] <= 'z') ||
					 (buf[k - 1] >= 'A' && buf[k - 1] <= 'Z') || (buf[k - 1] >= '0' && buf[k - 1] <= '9')))
				k--;
			if (k < j && !(j - k == 6 && !strncmp(buf + k, "sizeof", 6)) &&
			    !(j - k == 8 && !strncmp(buf + k, "_Alignof", 8)) &&
			    !(j - k == 11 && !strncmp(buf + k, "__alignof__", 11)))
				return 0;
		}
	}
	return 1;
}

/* The user wrote argument i as NAME(...) at [b, e), NAME a macro that
 * renames (Ruby's RARRAY_LEN for rb_array_len), and no other argument
 * shares that text: it is one whole expression, which a probe may wrap. */
static int call_written(struct plan *p, const struct as_call *c, int i, unsigned b, unsigned e)
{
	const char *buf = p->fn->buf;
	size_t n = as_lex_ident_at(buf, p->fn->len, b), k;
	unsigned ob, oe;
	CXSourceRange r;
	CXFile f;

	if (!n || buf[e - 1] != ')')
		return 0;
	k = as_lex_skip_blank(buf, p->fn->len, b + n);
	if (k >= e || buf[k] != '(' || !clang_equalCursors(as_strip(c->arg[i]), c->arg[i]) ||
	    clang_getCursorKind(c->arg[i]) != CXCursor_CallExpr)
		return 0;
	for (int j = 0; j < c->nargs; j++) {
		if (j == i || clang_Cursor_isNull(c->arg[j]))
			continue;
		r = clang_getCursorExtent(c->arg[j]);
		if (as_loc_file(clang_getRangeStart(r), &f, &ob) || as_loc_file(clang_getRangeEnd(r), &f, &oe) ||
		    (ob < e && oe > b))
			return 0;
	}
	return 1;
}

/* The argument's text range if the user wrote it in place (so it can be
 * wrapped), else 0. */
static int arg_in_place(struct plan *p, const struct as_call *c, int i, unsigned *b, unsigned *e)
{
	CXCursor a;
	CXSourceRange r;
	CXFile f1, f2;

	if (c->macro || i < 0 || i >= c->nargs || clang_Cursor_isNull(c->arg[i]))
		return 0;
	a = c->arg[i];
	r = clang_getCursorExtent(a);
	if (as_loc_file(clang_getRangeStart(r), &f1, b) || as_loc_file(clang_getRangeEnd(r), &f2, e) ||
	    !clang_File_isEqual(f1, p->fn->file) || !clang_File_isEqual(f2, p->fn->file) || !(*b < *e) ||
	    *e > c->end || *b < c->begin || as_cursor_ends_in_macro_arg(a))
		return 0;
	return as_cursor_user_written(p->fn->tu, a) || call_written(p, c, i, *b, *e);
}

/* The call's closing parenthesis is the user's, in this file: a function
 * call, its name perhaps an object-like macro (Ruby's malloc), not a
 * function-like macro's body that could stringize its arguments. */
static int parens_written(struct plan *p, const struct as_call *c)
{
	CXFile f;
	unsigned off = 0;

	return !as_loc_spelling(clang_getRangeEnd(clang_getCursorExtent(c->cur)), &f, &off) &&
	       clang_File_isEqual(f, p->fn->file) && off == c->end;
}

static int is_pointer(CXCursor c)
{
	return clang_getCanonicalType(clang_getCursorType(c)).kind == CXType_Pointer;
}

static int is_integer(CXCursor c)
{
	enum CXTypeKind k = clang_getCanonicalType(clang_getCursorType(c)).kind;

	return k >= CXType_Bool && k <= CXType_Int128 && !clang_Cursor_isBitField(clang_getCursorReferenced(c));
}

/* The text range [b, e) of argument i as written, 0 if not in the file. */
static int arg_range(struct plan *p, const struct as_call *c, int i, size_t *b, size_t *e)
{
	CXSourceRange r;
	CXFile f;
	unsigned ob = 0, oe = 0;

	if (i < 0 || i >= c->nargs)
		return 0;
	if (c->macro) {
		*b = c->span[i].begin, *e = c->span[i].end;
		return *e <= p->fn->len && *b < *e;
	}
	r = clang_getCursorExtent(c->arg[i]);
	if (clang_Cursor_isNull(c->arg[i]) || as_loc_file(clang_getRangeStart(r), &f, &ob) ||
	    as_loc_file(clang_getRangeEnd(r), &f, &oe))
		return 0;
	*b = ob, *e = oe;
	return *e <= p->fn->len && *b < *e;
}

/* Argument i may be read once more: by its text and, where its expression
 * is known, by what it expands to. */
static int arg_pure(struct plan *p, const struct as_call *c, int i)
{
	size_t b, e;

	if (c->rule && i == c->rule->type)
		return 1; /* a type: nothing is evaluated */
	if (!arg_range(p, c, i, &b, &e) || !pure_text(p->fn->buf, b, e))
		return 0;
	return clang_Cursor_isNull(c->arg[i]) || !as_subtree_any(c->arg[i], as_cursor_effect, p->fn->tu);
}

static int args_pure(struct plan *p, const struct as_call *c)
{
	for (int i = 0; i < c->nargs; i++)
		if (!arg_pure(p, c, i))
			return 0;
	return 1;
}

/* A pointer to char of some signedness: the string probe may run strlen. */
static int is_char_pointer(CXCursor c)
{
	CXType t = clang_getCanonicalType(clang_getCursorType(c));

	return t.kind == CXType_Pointer && as_type_char(clang_getPointeeType(t));
}

/* C text for the bytes of one unit of the size argument: sizeof the pack's
 * type argument, the element size of a count-and-size call (its text when
 * it may be read again), the summary's scale; "0u" when unknown, so that
 * the call is counted and not its bytes. */
static const char *elem_text(struct plan *p, const struct as_call *c, int main)
{
	const struct as_rule *r = c->rule;
	long long v;

	if (r->type != AS_NO_ARG)
		return c->type_size > 0 ? as_fix_say(p->fn, "%lldu", c->type_size) : "0u";
	/* An object made from count elements: the size of one, from the
	 * pointer's type. */
	if (r->role == AS_ROLE_OBJECT_COPY && r->src < c->nargs && !clang_Cursor_isNull(c->arg[r->src])) {
		v = clang_Type_getSizeOf(clang_getPointeeType(clang_getCanonicalType(clang_getCursorType(c->arg[r->src]))));
		return v > 0 ? as_fix_say(p->fn, "%lldu", v) : "0u";
	}
	if (r->count != AS_NO_ARG && main == r->count && r->size != AS_NO_ARG) {
		if (r->size < c->nargs && !clang_Cursor_isNull(c->arg[r->size]) && as_eval_int(c->arg[r->size], &v) &&
		    v > 0)
			return as_fix_say(p->fn, "%lldu", v);
		return arg_pure(p, c, r->size)
			       ? as_fix_say(p->fn, "(unsigned long long)(%s)", as_call_role_text(p->fn, c, r->size))
			       : "0u";
	}
	return r->scale > 1 ? as_fix_say(p->fn, "%lldu", r->scale) : "1u";
}

/* The probes of one call: kind says which counters. */
static void probe_call(struct plan *p, const struct as_call *c, int kind)
{
	static const struct as_rule none = { .size = AS_NO_ARG, .count = AS_NO_ARG, .type = AS_NO_ARG, .ptr = AS_NO_ARG, .dst = AS_NO_ARG, .src = AS_NO_ARG };
	/* A call of a helper that regrows its buffer: counted. */
	const struct as_rule *r = c->rule ? c->rule : &none;
	struct as_fn *fn = p->fn;
	int main = r->count != AS_NO_ARG ? r->count : r->size;
	int moves = kind == PROBE_REALLOC && r->ptr != AS_NO_ARG && !r->in_place;
	int str = 0;
	const char *elem, *pre, *post = "";
	unsigned b, e, pb, pe;
	size_t before = c->begin, semi, after;
	int braces;

	if (c->body_macro || c->end <= c->begin || c->end > fn->len || as_fn_directive_line(fn, c->begin, c->end))
		return;
	/* strcpy's size and a pack's string dup's: strlen(src) + 1, read by
	 * the probe (both read the string themselves); another dup (an object,
	 * a helper's buffer that need not end in a NUL) is counted, not
	 * measured. */
	if (r->size_is_strlen1 || (r->role == AS_ROLE_DUP && r->size == AS_NO_ARG && !r->summary)) {
		str = r->src != AS_NO_ARG && r->src < c->nargs && !clang_Cursor_isNull(c->arg[r->src]) &&
		      is_char_pointer(c->arg[r->src]);
		main = str ? r->src : AS_NO_ARG;
	}
	elem = main == AS_NO_ARG && !str ? (r->type != AS_NO_ARG && c->type_size > 0
						    ? as_fix_say(fn, "%lldu", c->type_size)
						    : "0u")
					 : elem_text(p, c, main);
	/* In place: the user's own function call. */
	if (!c->macro && parens_written(p, c) && main != AS_NO_ARG && arg_in_place(p, c, main, &b, &e) &&
	    (str || is_integer(c->arg[main]))) {
		int wrap_new =
			moves && is_pointer(c->cur) && arg_in_place(p, c, r->ptr, &pb, &pe) && is_pointer(c->arg[r->ptr]);
		if (wrap_new) {
			edit(p, c->begin, as_fix_say(fn, "ASRT_PROBE_NEW(%s, ", p->site));
			edit(p, pb, as_fix_say(fn, "ASRT_PROBE_OLD(%s, ", p->site));
			edit(p, pe, ")");
		}
		edit(p, b,
		     str ? as_fix_say(fn, "ASRT_PROBE_STR(%s, %d, ", p->site, kind)
			 : as_fix_say(fn, "ASRT_PROBE_N(%s, %d, %s, ", p->site, kind, elem));
		edit(p, e, ")");
		if (wrap_new)
			edit(p, c->end, ")");
		return;
	}
	/* Ahead of the call: its arguments are read once more (none for a
	 * count alone). */
	if ((main != AS_NO_ARG || moves) && !args_pure(p, c))
		return;
	if (main == AS_NO_ARG)
		pre = as_fix_say(fn, "asrt_probe_note(%s, %d, %s)", p->site, kind, elem);
	else if (str)
		pre = as_fix_say(fn, "asrt_probe_str(%s, %d, (const char *)(%s))", p->site, kind,
				 as_call_role_text(fn, c, main));
	else
		pre = as_fix_say(fn, "asrt_probe_n(%s, %d, %s, (unsigned long long)(%s))", p->site, kind, elem,
				 as_call_role_text(fn, c, main));
	if (moves)
		pre = as_fix_say(fn, "%s, asrt_probe_old(%s, (const void *)(%s))", pre, p->site,
				 as_call_role_text(fn, c, r->ptr));
	while (before > 0 && (fn->buf[before - 1] == ' ' || fn->buf[before - 1] == '\t' || fn->buf[before - 1] == '\n'))
		before--;
	/* Inside an expression; or a for statement's init clause, visited as
	 * a statement, where only an expression may stand. */
	if (!c->is_statement || (before > 0 && fn->buf[before - 1] == '(')) {
		int wrap_new = moves && is_pointer(c->cur);
		edit(p, c->begin,
		     as_fix_say(fn, "(%s, %s", pre, wrap_new ? as_fix_say(fn, "ASRT_PROBE_NEW(%s, ", p->site) : ""));
		edit(p, c->end, wrap_new ? "))" : ")");
		return;
	}
	semi = as_lex_skip_blank(fn->buf, fn->len, c->end);
	if (semi >= fn->len || fn->buf[semi] != ';')
		return;
	after = as_lex_skip_blank(fn->buf, fn->len, semi + 1);
	/* The body of an if with no else would read as a dangling else
	 * (-Wdangling-else): braced. */
	braces = before > 0 && fn->buf[before - 1] == ')' &&
		 !(as_lex_ident_at(fn->buf, fn->len, after) == 4 && !strncmp(fn->buf + after, "else", 4));
	if (moves && r->assigns)
		post = as_fix_say(fn, " asrt_probe_new(%s, (const void *)(%s)); }", p->site, as_call_role_text(fn, c, r->ptr));
	edit(p, c->begin, as_fix_say(fn, "%sif (%s, 0) {} else %s", braces ? "{ " : "", pre, *post ? "{ " : ""));
	if (*post || braces)
		edit(p, (unsigned)semi + 1, as_fix_say(fn, "%s%s", post, braces ? " }" : ""));
}

static void hash_call(struct as_fn *fn, const struct as_call *c, unsigned long long *h)
{
	/* Blanks left out: re-indenting keeps the site. */
	for (unsigned i = c->begin; i < c->end && i < fn->len; i++)
		if (fn->buf[i] != ' ' && fn->buf[i] != '\t' && fn->buf[i] != '\n' && fn->buf[i] != '\r')
			*h = (*h ^ (unsigned char)fn->buf[i]) * 1099511628211ull;
}

void as_probe_plan(struct as_fn *fn, const char *site_path, const struct as_draft *d, struct as_finding *f)
{
	unsigned long long h = 1469598103934665603ull;
	const struct as_call *calls[2] = { d->alloc, d->copy != d->alloc ? d->copy : NULL };
	struct plan p = { fn, f, NULL, 0 };
	char id[1200];
	size_t n = 0;

	for (int i = 0; i < 2; i++)
		if (calls[i])
			hash_call(fn, calls[i], &h);
	snprintf(id, sizeof id, "%s:%u:%s#%08llx", site_path, f->line, f->rule, (h ^ (h >> 32)) & 0xffffffffull);
	f->site_id = strdup(id);
	/* A C string literal: quotes, backslashes, control bytes and '?'
	 * (trigraphs) escaped. */
	{
		char lit[4 * sizeof id + 3];
		lit[n++] = '"';
		for (const unsigned char *s = (const unsigned char *)id; *s; s++)
			if (*s == '"' || *s == '\\' || *s == '?')
				n += (size_t)sprintf(lit + n, "\\%c", *s);
			else if (*s < 0x20 || *s == 0x7f)
				n += (size_t)sprintf(lit + n, "\\%03o", *s);
			else
				lit[n++] = (char)*s;
		lit[n++] = '"';
		lit[n] = '\0';
		p.site = as_arena_strdup(&fn->tu->arena, lit);
	}
	if (!strcmp(f->rule, "alloc-copy")) {
		if (d->alloc && d->alloc->rule)
			probe_call(&p, d->alloc, PROBE_ALLOC);
		if (d->copy && d->copy->rule && d->copy != d->alloc)
			probe_call(&p, d->copy, PROBE_COPY);
	} else if (d->copy || d->alloc) {
		/* object-copy: one call makes the object and copies into it. */
		probe_call(&p, d->copy ? d->copy : d->alloc, !strcmp(f->rule, "realloc-churn") ? PROBE_REALLOC : PROBE_DUP);
	}
	if (p.full) {
		for (int i = 0; i < f->nprobes; i++)
			free(f->probes[i].text);
		f->nprobes = 0;
	}
}
