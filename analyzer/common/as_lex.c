#include "as_lex.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

static int ident_char(int c)
{
	return isalnum(c) || c == '_' || c == '$';
}

size_t as_lex_skip_blank(const char *buf, size_t len, size_t off)
{
	while (off < len) {
		if (isspace((unsigned char)buf[off])) {
			off++;
		} else if (buf[off] == '\\' && off + 1 < len && buf[off + 1] == '\n') {
			off += 2;
		} else if (buf[off] == '/' && off + 1 < len && buf[off + 1] == '*') {
			const char *e = memmem(buf + off + 2, len - off - 2, "*/", 2);
			off = e ? (size_t)(e - buf) + 2 : len;
		} else if (buf[off] == '/' && off + 1 < len && buf[off + 1] == '/') {
			while (off < len && buf[off] != '\n')
				off++;
		} else {
			break;
		}
	}
	return off;
}

/* Longest first, so "<<=" wins over "<<" and "<". */
static const char *const ops[] = {
	"<<=",
	">>=",
	"->",
	"++",
	"--",
	"<<",
	">>",
	"<=",
	">=",
	"==",
	"!=",
	"&&",
	"||",
	"*=",
	"/=",
	"%=",
	"+=",
	"-=",
	"&=",
	"^=",
	"|=",
	"+",
	"-",
	"*",
	"/",
	"%",
	"<",
	">",
	"&",
	"|",
	"^",
	"!",
	"~",
	"=",
	"?",
	",",
};

size_t as_lex_op_at(const char *buf, size_t len, size_t off, char *op)
{
	off = as_lex_skip_blank(buf, len, off);
	for (size_t i = 0; i < sizeof ops / sizeof *ops; i++) {
		size_t n = strlen(ops[i]);
		if (off + n <= len && !memcmp(buf + off, ops[i], n)) {
			memcpy(op, ops[i], n + 1);
			return n;
		}
	}
	return 0;
}

size_t as_lex_op_before(const char *buf, size_t len, size_t off, char *op)
{
	size_t p = off < len ? off : len;

	for (;;) {
		while (p > 0 && isspace((unsigned char)buf[p - 1]))
			p--;
		/* A #define's line continuation is blank too. */
		if (p > 0 && buf[p - 1] == '\\' && p < len && (buf[p] == '\n' || buf[p] == '\r')) {
			p--;
			continue;
		}
		if (p >= 2 && buf[p - 1] == '/' && buf[p - 2] == '*') {
			size_t q = p - 2;
			while (q >= 2 && !(buf[q - 2] == '/' && buf[q - 1] == '*'))
				q--;
			if (q < 2)
				return 0;
			p = q - 2;
			continue;
		}
		break;
	}
	for (size_t i = 0; i < sizeof ops / sizeof *ops; i++) {
		size_t n = strlen(ops[i]);
		if (n <= p && !memcmp(buf + p - n, ops[i], n)) {
			memcpy(op, ops[i], n + 1);
			return n;
		}
	}
	return 0;
}

size_t as_lex_ident_at(const char *buf, size_t len, size_t off)
{
	size_t n = 0;

	if (off >= len || isdigit((unsigned char)buf[off]))
		return 0;
	while (off + n < len && ident_char((unsigned char)buf[off + n]))
		n++;
	return n;
}

static size_t skip_literal(const char *buf, size_t len, size_t off)
{
	char q = buf[off++];

	while (off < len && buf[off] != q) {
		if (buf[off] == '\\')
			off++;
		off++;
	}
	return off < len ? off + 1 : len;
}

static size_t trim_end(const char *buf, size_t begin, size_t end)
{
	while (end > begin && isspace((unsigned char)buf[end - 1]))
		end--;
	return end;
}

int as_lex_macro_args(const char *buf, size_t len, size_t off, struct as_span *args, int max,
		      int *nargs, size_t *end)
{
	int depth = 0, n = 0;
	size_t start;

	off = as_lex_skip_blank(buf, len, off);
	if (off >= len || buf[off] != '(')
		return -1;
	start = as_lex_skip_blank(buf, len, ++off);
	while (off < len) {
		char c = buf[off];
		if (c == '"' || c == '\'') {
			off = skip_literal(buf, len, off);
			continue;
		}
		if (c == '/' && off + 1 < len && (buf[off + 1] == '*' || buf[off + 1] == '/')) {
			off = as_lex_skip_blank(buf, len, off);
			continue;
		}
		if (c == '(' || c == '[' || c == '{') {
			depth++;
		} else if ((c == ')' || c == ']' || c == '}') && depth > 0) {
			depth--;
		} else if ((c == ',' || c == ')') && depth == 0) {
			size_t e = trim_end(buf, start, off);
			if (n < max) {
				args[n].begin = start;
				args[n].end = e;
			}
			/* "()" is no argument, not one empty argument. */
			if (c == ',' || e > start || n > 0)
				n++;
			if (c == ')') {
				*nargs = n;
				*end = off + 1;
				return 0;
			}
			start = as_lex_skip_blank(buf, len, off + 1);
		}
		off++;
	}
	return -1;
}

size_t as_lex_for_init_end(const char *buf, size_t len, size_t off)
{
	int depth = 0;

	off = as_lex_skip_blank(buf, len, off);
	if (off + 3 > len || memcmp(buf + off, "for", 3))
		return (size_t)-1;
	off = as_lex_skip_blank(buf, len, off + 3);
	if (off >= len || buf[off] != '(')
		return (size_t)-1;
	for (; off < len; off++) {
		char c = buf[off];
		if (c == '"' || c == '\'') {
			off = skip_literal(buf, len, off) - 1;
		} else if (c == '(') {
			depth++;
		} else if (c == ')') {
			if (--depth == 0)
				return (size_t)-1;
		} else if (c == ';' && depth == 1) {
			return off;
		}
	}
	return (size_t)-1;
}

size_t as_lex_c_escape(const char *s, char *buf, size_t size)
{
	size_t n = 0;

	for (const unsigned char *p = (const unsigned char *)s; *p && n + 5 < size; p++) {
		if (*p == '"' || *p == '\\' || *p == '?')
			n += (size_t)snprintf(buf + n, size - n, "\\%c", *p);
		else if (*p < 0x20 || *p == 0x7f)
			n += (size_t)snprintf(buf + n, size - n, "\\%03o", *p);
		else
			buf[n++] = (char)*p;
	}
	if (size)
		buf[n < size ? n : size - 1] = '\0';
	return n;
}
