/* as_include.h - the edit that gives a rewritten file its `#include
 * <asrt/asrt.h>`, at the place as_include_place.h finds. */
#ifndef AS_INCLUDE_H
#define AS_INCLUDE_H

#include <stddef.h>

#include "as_edit.h"
#include "as_error.h"

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
 *     whose #line before the offset is conditional, or names a macro,
 *     would get the include alone, its lines after it moved down one:
 *     callers refuse such a file first (as_include_keeps_lines).
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
