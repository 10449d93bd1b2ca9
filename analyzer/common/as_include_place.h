/* as_include_place.h - where a rewritten file gets its `#include
 * <asrt/asrt.h>`, read from the file's text (the rewriter's edit is
 * instrument/as_include.h; the analyzer asks the same place of a fix).
 *
 * A light line scanner (comments, string literals, line splices and
 * preprocessor directives; no macro expansion) over the top of a C file.
 * "Top of the file" is everything before the first line of code (a line with
 * anything but whitespace, comments and directives). A conditional block is
 * one opened by #if, #ifdef or #ifndef; the include guard (`#ifndef X` then
 * `#define X`, or `#if !defined(X)` then `#define X`, as the file's first
 * directive) and `#pragma once` do not count as conditionals.
 */
#ifndef AS_INCLUDE_PLACE_H
#define AS_INCLUDE_PLACE_H

#include <stddef.h>

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
/* Where --rewrite writes the include: the analyzer's place (spot, from the
 * preprocessor's view, plus one) when it found one, else
 * as_include_offset's. */
size_t as_include_place(unsigned spot, const char *buf, size_t len);

/* True (1) if the file includes header outside any conditional block (the
 * include guard aside), written `#include "header"` or `#include <header>`,
 * or as a path ending in "/header"; 0 otherwise. Commented-out includes do not
 * count. header is a NUL-terminated name such as "asrt.h". */
int as_has_include(const char *buf, size_t len, const char *header);

/* True if an include written at at (as_include_add_at) keeps every line's number: a
 * blank line takes the include, or the file's #line directives before at
 * let the number of the next line be written after it (or no line
 * follows). */
int as_include_keeps_lines(const char *buf, size_t len, size_t at);
/* True if a replacement calls libasrt (an identifier asrt_...) and so needs
 * its header; a fix through a runtime's own API (a pack's template) needs
 * none. */
int as_text_calls_asrt(const char *text);
/* The first blank line (no comment, no splice) from the line start at on,
 * with only blank and comment lines before it: a new directive written on
 * it moves no line. Its start, its text's end in *end; (size_t)-1 if the
 * next directive or line of code comes first. */
size_t as_include_blank_line(const char *buf, size_t len, size_t at, size_t *end);
/* The number __LINE__ has on the line starting at at: 1 with *line set, 0
 * when a #line (or a `# N` line marker) before it is inside a conditional
 * block or names no number. */
int as_include_line_number(const char *buf, size_t len, size_t at, unsigned long *line);
#endif
