/* as_lex.h - reading tokens straight from a source buffer.
 * libclang 14 has no call that names a binary operator and hides the text of
 * macro arguments, so the few tokens the analysis needs are read here. */
#ifndef AS_LEX_H
#define AS_LEX_H

#include <stddef.h>

struct as_span {
	size_t begin, end; /* byte offsets, end exclusive */
};

/* The operator token that starts at off (after blanks and comments), copied
 * into op (at least 4 bytes); returns its length or 0 when none starts there. */
size_t as_lex_op_at(const char *buf, size_t len, size_t off, char *op);
/* The operator token that ends right before off (blanks and comments before
 * off skipped); returns its length or 0. */
size_t as_lex_op_before(const char *buf, size_t len, size_t off, char *op);
/* s written into buf (size bytes, NUL-terminated, cut short if need be)
 * as the inside of a C string literal: quotes, backslashes and control
 * bytes escaped, '?' too (or "??x" would be a trigraph); the length. */
size_t as_lex_c_escape(const char *s, char *buf, size_t size);
/* Length of the identifier starting at off, 0 if none. */
size_t as_lex_ident_at(const char *buf, size_t len, size_t off);
/* Offset of the first non-blank, non-comment byte at or after off. */
size_t as_lex_skip_blank(const char *buf, size_t len, size_t off);
/* Parses "( a, b, ... )" starting at off: fills up to max argument spans
 * (trimmed), stores the count and the offset past ")"; -1 if not a list. */
int as_lex_macro_args(const char *buf, size_t len, size_t off, struct as_span *args, int max,
		      int *nargs, size_t *end);
/* Offset of the first ';' at parenthesis depth 1 after the '(' following off
 * (the end of a for statement's init clause); (size_t)-1 if not found. */
size_t as_lex_for_init_end(const char *buf, size_t len, size_t off);

#endif
