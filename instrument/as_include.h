/* as_include.h - where a rewritten file gets its `#include <asrt/asrt.h>`.
 *
 * A light line scanner (comments, string literals, line splices and
 * preprocessor directives; no macro expansion) over the top of a C file.
 * "Top of the file" is everything before the first line of code (a line with
 * anything but whitespace, comments and directives). A conditional block is
 * one opened by #if, #ifdef or #ifndef; the include guard (`#ifndef X` then
 * `#define X`, or `#if !defined(X)` then `#define X`, as the file's first
 * directive) and `#pragma once` do not count as conditionals.
 */
#ifndef AS_INCLUDE_H
#define AS_INCLUDE_H

#include <stddef.h>

#include "as_edit.h"
#include "as_error.h"

/* The byte offset where a new `#include` line goes, always the start of a
 * line (or len when the file's last line has no newline, see
 * as_include_add):
 *   - after the last top-of-file #include (or #include_next, #import) that
 *     is not inside a conditional block;
 *   - failing that (no includes, or all of them conditional), after the
 *     leading comment block, after the include guard or `#pragma once`, and
 *     after any #define, #undef or #pragma lines that follow them before the
 *     first conditional block or line of code (feature-test macros such as
 *     _GNU_SOURCE must stay ahead of every header);
 *   - 0 for a file with none of these (3 after a UTF-8 byte order mark).
 * buf need not be NUL-terminated. */
size_t as_include_offset(const char *buf, size_t len);

/* True (1) if the file includes header outside any conditional block (the
 * include guard aside), written `#include "header"` or `#include <header>`,
 * or as a path ending in "/header"; 0 otherwise. Commented-out includes do not
 * count. header is a NUL-terminated name such as "asrt.h". */
int as_has_include(const char *buf, size_t len, const char *header);

/* Adds to set the edit that writes `#include "header"` (`<header>` if
 * angle) at as_include_offset, unless as_has_include already finds it (then
 * nothing is added: a second run changes nothing). Every line of the file
 * keeps its number (__LINE__, assert messages, diagnostics):
 *   - the include takes the place of the first blank line from the offset
 *     on, when only blank and comment lines come before it (the blank's
 *     spaces replaced, its line break kept);
 *   - failing that it is inserted at the offset followed by `#line N`, N
 *     the number of the line that follows (counting the file's own #line
 *     directives), so that this line and all after it keep theirs; a file
 *     whose #line before the offset is conditional, or names a macro, gets
 *     the include alone (its lines after it move down one).
 * An inserted line ends like the file's lines ("\r\n" in a CRLF file);
 * when the offset is the end of a file whose last line has no newline, the
 * inserted text starts with one (and no #line: no line follows). Returns 0,
 * or -1 with err filled if the edit cannot be added (out of memory). */
int as_include_add(struct as_edits *set, const char *buf, size_t len, const char *header, int angle,
		   struct as_error *err);
/* The same at a place the caller found (the analyzer's, from the
 * preprocessor's view of the file), which has also found the header
 * missing; at is a line start or len. */
int as_include_add_at(struct as_edits *set, const char *buf, size_t len, size_t at, const char *header, int angle,
		      struct as_error *err);

#endif
