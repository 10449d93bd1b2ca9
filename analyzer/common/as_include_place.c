#include "as_include_place.h"

#include <stdio.h>
#include <string.h>

#include "as_lex.h"

enum line_kind { LINE_BLANK,
		 LINE_DIRECTIVE,
		 LINE_CODE };

/* One logical line: [start, end) with end just past its newline (line
 * splices joined), what it holds, and for a directive its name and the text
 * after the name. */
struct line {
	size_t start, end;
	enum line_kind kind;
	int has_comment;
	char name[16];
	size_t arg, arg_end; /* directive argument, up to the line's end */
};

struct scanner {
	const char *buf;
	size_t len, pos;
	int in_comment; /* inside a block comment at pos */
};

static int is_space(char c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v';
}

static int is_ident(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

/* Length of a line splice (backslash, optional CR, newline) at i, or 0. */
static size_t splice_at(const char *b, size_t len, size_t i)
{
	if (i < len && b[i] == '\\') {
		if (i + 1 < len && b[i + 1] == '\n')
			return 2;
		if (i + 2 < len && b[i + 1] == '\r' && b[i + 2] == '\n')
			return 3;
	}
	return 0;
}

/* Reads the next logical line; returns 0 at the end of the text. */
static int next_line(struct scanner *s, struct line *l)
{
	const char *b = s->buf;
	size_t len = s->len, i = s->pos, first = (size_t)-1, sp;

	if (i >= len)
		return 0;
	memset(l, 0, sizeof *l);
	l->start = i;
	l->kind = LINE_BLANK;
	l->has_comment = s->in_comment;
	while (i < len && b[i] != '\n') {
		char c = b[i];

		if (s->in_comment) {
			if (c == '*' && i + 1 < len && b[i + 1] == '/') {
				s->in_comment = 0;
				i += 2;
			} else {
				i++;
			}
			continue;
		}
		if ((sp = splice_at(b, len, i))) {
			i += sp;
			continue;
		}
		if (c == '/' && i + 1 < len && b[i + 1] == '*') {
			s->in_comment = 1;
			l->has_comment = 1;
			i += 2;
			continue;
		}
		if (c == '/' && i + 1 < len && b[i + 1] == '/') {
			l->has_comment = 1;
			/* A line comment runs to the newline, splices included. */
			while (i < len && b[i] != '\n')
				i += splice_at(b, len, i) ? splice_at(b, len, i) : 1;
			break;
		}
		if (is_space(c)) {
			i++;
			continue;
		}
		if (first == (size_t)-1) {
			first = i;
			l->kind = c == '#' ? LINE_DIRECTIVE : LINE_CODE;
		}
		if (c == '"' || c == '\'') {
			/* A literal ends at its quote or, unterminated, at the line's end. */
			i++;
			while (i < len && b[i] != '\n' && b[i] != c) {
				if ((sp = splice_at(b, len, i)))
					i += sp;
				else if (b[i] == '\\' && i + 1 < len && b[i + 1] != '\n')
					i += 2;
				else
					i++;
			}
			if (i < len && b[i] == c)
				i++;
			continue;
		}
		i++;
	}
	l->end = i < len ? i + 1 : len;
	s->pos = l->end;
	if (l->kind == LINE_DIRECTIVE) {
		size_t j = first + 1, n = 0;

		while (j < l->end && is_space(b[j]))
			j++;
		while (j < l->end && is_ident(b[j])) {
			if (n + 1 < sizeof l->name)
				l->name[n++] = b[j];
			j++;
		}
		l->name[n] = '\0';
		while (j < l->end && is_space(b[j]))
			j++;
		l->arg = j;
		l->arg_end = l->end;
		while (l->arg_end > l->arg && (b[l->arg_end - 1] == '\n' || is_space(b[l->arg_end - 1])))
			l->arg_end--;
	}
	return 1;
}

static int is_directive(const struct line *l, const char *name)
{
	return l->kind == LINE_DIRECTIVE && strcmp(l->name, name) == 0;
}

static int is_include(const struct line *l)
{
	return is_directive(l, "include") || is_directive(l, "include_next") || is_directive(l, "import");
}

static int is_conditional(const struct line *l)
{
	return is_directive(l, "if") || is_directive(l, "ifdef") || is_directive(l, "ifndef");
}

/* The identifier at the start of [p, end) after skipping spaces and a
 * parenthesis; its length, 0 if none. */
static size_t ident_at(const char *b, size_t *p, size_t end)
{
	size_t i = *p, n;

	while (i < end && (is_space(b[i]) || b[i] == '('))
		i++;
	n = 0;
	while (i + n < end && is_ident(b[i + n]))
		n++;
	*p = i;
	return n;
}

/* The macro an include guard's opening line tests: `#ifndef X` or
 * `#if !defined(X)` / `#if !defined X`; its offset and length, 0 if l is not
 * such a line. */
static size_t guard_macro(const char *b, const struct line *l, size_t *at)
{
	size_t p = l->arg, n;

	if (is_directive(l, "ifndef")) {
		n = ident_at(b, &p, l->arg_end);
		*at = p;
		return p + n == l->arg_end ? n : 0;
	}
	if (!is_directive(l, "if"))
		return 0;
	while (p < l->arg_end && is_space(b[p]))
		p++;
	if (p >= l->arg_end || b[p] != '!')
		return 0;
	p++;
	n = ident_at(b, &p, l->arg_end);
	if (n != 7 || memcmp(b + p, "defined", 7) != 0)
		return 0;
	p += n;
	n = ident_at(b, &p, l->arg_end);
	*at = p;
	{
		size_t q = p + n;

		while (q < l->arg_end && (is_space(b[q]) || b[q] == ')'))
			q++;
		return q == l->arg_end ? n : 0;
	}
}

/* True if l is `#define X` for the n-byte macro at b + at. */
static int defines(const char *b, const struct line *l, size_t at, size_t n)
{
	size_t p = l->arg, m;

	if (!is_directive(l, "define") || !n)
		return 0;
	m = ident_at(b, &p, l->arg_end);
	return m == n && memcmp(b + p, b + at, n) == 0;
}

/* The top of the file, as as_include_offset and as_has_include see it. */
struct top {
	size_t last_include; /* end of the last unconditional include, or -1 */
	size_t fallback;     /* comment block, guard and prelude end */
};

/* Walks the file. With header set, stops at nothing and returns 1 as soon as
 * an unconditional include of header is seen; otherwise fills *t from the
 * top of the file. */
static int walk(const char *buf, size_t len, const char *header, struct top *t)
{
	struct scanner s = { buf, len, 0, 0 };
	struct line l;
	int depth = 0, seen_directive = 0, prelude = 1, guard_open = 0;
	size_t guard_at = 0, guard_n = 0;
	size_t hlen = header ? strlen(header) : 0;
	int pend_include = 0, pend_fallback = 0;

#define SET_FALLBACK() (s.in_comment ? (void)(pend_fallback = 1) : (void)(t->fallback = l.end))

	t->last_include = (size_t)-1;
	t->fallback = 0;
	/* A UTF-8 byte order mark stays first. */
	if (len >= 3 && memcmp(buf, "\xEF\xBB\xBF", 3) == 0)
		s.pos = t->fallback = 3;
	while (next_line(&s, &l)) {
		/* A line that ends inside a block comment cannot be followed by
		 * the new include: what it sets waits for the comment's end. */
		if (pend_include && !s.in_comment)
			t->last_include = l.end;
		if (pend_fallback && !s.in_comment)
			t->fallback = l.end;
		if (!s.in_comment)
			pend_include = pend_fallback = 0;
		if (l.kind == LINE_BLANK) {
			if (prelude && l.has_comment)
				SET_FALLBACK();
			continue;
		}
		if (l.kind == LINE_CODE) {
			if (!header)
				break;
			prelude = 0;
			if (guard_open) {
				guard_open = 0;
				depth++; /* a plain #ifndef after all */
			}
			continue;
		}
		/* A directive. The guard: the first directive opens it, the next
		 * one defines its macro. */
		if (guard_open) {
			guard_open = 0;
			if (defines(buf, &l, guard_at, guard_n)) {
				if (prelude)
					SET_FALLBACK();
				continue;
			}
			depth++; /* a plain #ifndef after all */
			prelude = 0;
		}
		if (!seen_directive) {
			seen_directive = 1;
			if ((guard_n = guard_macro(buf, &l, &guard_at))) {
				guard_open = 1;
				continue;
			}
			if (is_directive(&l, "pragma") && l.arg_end - l.arg == 4 &&
			    memcmp(buf + l.arg, "once", 4) == 0) {
				SET_FALLBACK();
				continue;
			}
		}
		if (is_conditional(&l)) {
			depth++;
			prelude = 0;
		} else if (is_directive(&l, "endif")) {
			if (depth > 0)
				depth--;
			else if (!header)
				break; /* the guard's end */
		} else if (is_include(&l)) {
			prelude = 0;
			if (depth == 0) {
				if (s.in_comment)
					pend_include = 1;
				else
					t->last_include = l.end;
				if (header) {
					size_t a = l.arg, e = l.arg_end, n;

					if (a < e && (buf[a] == '"' || buf[a] == '<')) {
						char close = buf[a] == '"' ? '"' : '>';

						a++;
						n = 0;
						while (a + n < e && buf[a + n] != close)
							n++;
						if (a + n < e && n >= hlen && memcmp(buf + a + n - hlen, header, hlen) == 0 &&
						    (n == hlen || buf[a + n - hlen - 1] == '/'))
							return 1;
					}
				}
			}
		} else if (prelude && depth == 0 &&
			   (is_directive(&l, "define") || is_directive(&l, "undef") || is_directive(&l, "pragma"))) {
			SET_FALLBACK();
		} else if (!is_directive(&l, "else") && !is_directive(&l, "elif")) {
			prelude = 0;
		}
	}
#undef SET_FALLBACK
	return 0;
}

size_t as_include_offset(const char *buf, size_t len)
{
	struct top t;

	walk(buf, len, NULL, &t);
	return t.last_include != (size_t)-1 ? t.last_include : t.fallback;
}

size_t as_include_place(unsigned spot, const char *buf, size_t len)
{
	return spot ? spot - 1 : as_include_offset(buf, len);
}

int as_has_include(const char *buf, size_t len, const char *header)
{
	struct top t;

	return walk(buf, len, header, &t);
}

/* The end of the spaces and tabs at p, in *end; 1 if a line break follows
 * them (the line from p is blank), 0 otherwise. */
static int blank_at(const char *buf, size_t len, size_t p, size_t *end)
{
	while (p < len && (buf[p] == ' ' || buf[p] == '\t' || buf[p] == '\f' || buf[p] == '\v'))
		p++;
	*end = p;
	return p < len && (buf[p] == '\n' || (buf[p] == '\r' && p + 1 < len && buf[p + 1] == '\n'));
}

size_t as_include_blank_line(const char *buf, size_t len, size_t at, size_t *end)
{
	struct scanner s = { buf, len, at, 0 };
	struct line l;

	while (next_line(&s, &l) && l.kind == LINE_BLANK)
		if (!l.has_comment && blank_at(buf, len, l.start, end))
			return l.start;
	return (size_t)-1;
}

int as_include_line_number(const char *buf, size_t len, size_t at, unsigned long *line)
{
	struct scanner s = { buf, len, 0, 0 };
	struct line l;
	unsigned long n = 1;
	size_t from = 0;
	int depth = 0;

	while (s.pos < at && next_line(&s, &l)) {
		int marker = l.kind == LINE_DIRECTIVE && l.name[0] >= '0' && l.name[0] <= '9';
		const char *p, *e;

		if (is_conditional(&l)) {
			depth++;
		} else if (is_directive(&l, "endif")) {
			depth -= depth > 0;
		} else if (marker || is_directive(&l, "line")) {
			/* A marker's number is its name; #line's, its argument. */
			p = marker ? l.name : buf + l.arg;
			e = marker ? l.name + strlen(l.name) : buf + l.arg_end;
			if (depth > 0 || p == e || *p < '0' || *p > '9')
				return 0;
			for (n = 0; p < e && *p >= '0' && *p <= '9'; p++)
				n = n * 10 + (unsigned long)(*p - '0');
			from = l.end;
		}
	}
	for (size_t i = from; i < at; i++)
		n += buf[i] == '\n';
	*line = n;
	return 1;
}

int as_text_calls_asrt(const char *text)
{
	size_t len = strlen(text);

	for (size_t i = 0; i < len;) {
		size_t n = as_lex_ident_at(text, len, i);
		if (n && (i == 0 || !(text[i - 1] == '_' || (text[i - 1] >= '0' && text[i - 1] <= '9'))) && n > 5 &&
		    !strncmp(text + i, "asrt_", 5))
			return 1;
		i += n ? n : 1;
	}
	return 0;
}

int as_include_keeps_lines(const char *buf, size_t len, size_t at)
{
	size_t end;
	unsigned long number;

	return at >= len || as_include_blank_line(buf, len, at, &end) != (size_t)-1 || as_include_line_number(buf, len, at, &number);
}
