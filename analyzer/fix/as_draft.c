/* as_draft.c - the helpers every fix uses to fill a draft. */
#include "as_draft.h"

#include "as_directives.h"
#include "as_include_place.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

const char *as_fix_say(struct as_fn *fn, const char *fmt, ...)
{
	char buf[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	return as_arena_strdup(&fn->tu->arena, buf);
}

static unsigned newlines(const char *s, size_t n)
{
	unsigned k = 0;

	for (size_t i = 0; i < n; i++)
		k += s[i] == '\n';
	return k;
}

/* text on one line, as the compiler reads it: a line splice dropped, a
 * line break and the blanks around it one space (no literal holds one);
 * NULL when a // comment would take in what follows it. */
static const char *one_line(struct as_fn *fn, const char *text)
{
	size_t n = strlen(text);
	char *out = as_arena_alloc(&fn->tu->arena, n + 1), *o = out;
	char quote = 0;
	int comment = 0;

	for (size_t i = 0; i < n; i++) {
		char c = text[i];

		if (c == '\\' && (text[i + 1] == '\n' || (text[i + 1] == '\r' && text[i + 2] == '\n'))) {
			i += text[i + 1] == '\r' ? 2 : 1;
			continue;
		}
		if (c == '\r' && text[i + 1] == '\n')
			continue;
		if (c == '\n') {
			while (o > out && (o[-1] == ' ' || o[-1] == '\t'))
				o--;
			while (text[i + 1] == ' ' || text[i + 1] == '\t')
				i++;
			*o++ = ' ';
			continue;
		}
		if (comment) {
			comment = !(c == '*' && text[i + 1] == '/');
		} else if (quote) {
			if (c == '\\' && text[i + 1] && text[i + 1] != '\n')
				*o++ = text[i++];
			else if (c == quote)
				quote = 0;
		} else if (c == '"' || c == '\'') {
			quote = c;
		} else if (c == '/' && text[i + 1] == '/') {
			return NULL;
		} else if (c == '/' && text[i + 1] == '*') {
			*o++ = text[i++];
			comment = 1;
		}
		*o++ = text[i];
	}
	*o = '\0';
	return out;
}

/* The text that replaces fn->buf[begin, end) so that every line after it
 * keeps its number (__LINE__, assert messages, diagnostics and debug info
 * outside the rewritten statement stay those of the original): the line
 * breaks of the range it lacks added at its end, followed by the range's
 * last indentation when code follows it on that line; a text with more
 * line breaks than the range joined on one line. NULL if it cannot be. */
static const char *keeping_lines(struct as_fn *fn, unsigned begin, unsigned end, const char *text)
{
	const char *b = fn->buf;
	unsigned had = newlines(b + begin, end - begin), has = newlines(text, strlen(text));
	const char *eol = "\n";
	size_t last = begin, ind, after = end, tl;
	char *out, *o;

	if (has > had) {
		if (!(text = one_line(fn, text)))
			return NULL;
		has = 0;
	}
	if (has == had)
		return text;
	for (size_t i = begin; i < end; i++)
		if (b[i] == '\n') {
			last = i + 1;
			if (i > begin && b[i - 1] == '\r')
				eol = "\r\n";
		}
	for (ind = last; ind < end && (b[ind] == ' ' || b[ind] == '\t');)
		ind++;
	while (after < fn->len && (b[after] == ' ' || b[after] == '\t'))
		after++;
	if (after == fn->len || b[after] == '\n' || b[after] == '\r')
		ind = last;
	tl = strlen(text);
	out = o = as_arena_alloc(&fn->tu->arena, tl + (had - has) * strlen(eol) + (ind - last) + 1);
	memcpy(o, text, tl);
	o += tl;
	for (unsigned k = has; k < had; k++) {
		memcpy(o, eol, strlen(eol));
		o += strlen(eol);
	}
	memcpy(o, b + last, ind - last);
	o[ind - last] = '\0';
	return out;
}

/* True if a text calling libasrt can get the runtime's header in fn's file
 * where --rewrite puts it (as_include_place) with every line keeping its
 * number. */
static int header_keeps_lines(struct as_fn *fn, const char *text)
{
	if (!as_text_calls_asrt(text) || as_includes_header(fn->tu, fn->file, "asrt/asrt.h"))
		return 1;
	return as_include_keeps_lines(fn->buf, fn->len,
				      as_include_place(as_include_spot(fn->tu, fn->file), fn->buf, fn->len));
}

int as_fix_edit(struct as_fn *fn, struct as_draft *d, unsigned begin, unsigned end, const char *text)
{
	const char *kept;

	if (d->nfixits == AS_MAX_FIXITS || end < begin || end > fn->len) {
		d->reason = as_fix_say(fn, "the fix needs more than %d edits (a copy freed on many paths)", AS_MAX_FIXITS);
		return -1;
	}
	if (!(kept = keeping_lines(fn, begin, end, text ? text : ""))) {
		d->reason = "the fix's text spans more lines than the code it replaces, and a // comment in it keeps it "
			    "from being joined on one line (a rewrite keeps every other line's number)";
		return -1;
	}
	if (!header_keeps_lines(fn, kept)) {
		d->reason = "the file has no blank line where the fix's #include <asrt/asrt.h> would go, and a #line "
			    "before that place is conditional or names a macro, so no #line after the include can give "
			    "the next line its number back: every later line would move down one (__LINE__, assert)";
		return -1;
	}
	d->fixit[d->nfixits].begin = begin;
	d->fixit[d->nfixits].end = end;
	d->fixit[d->nfixits].text = kept;
	d->nfixits++;
	return 0;
}

void as_fix_refuse_edits(struct as_draft *d)
{
	d->fix = "manual";
	d->fix_text = NULL;
	d->nfixits = 0;
}
