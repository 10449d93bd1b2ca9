/* as_readonly.h - whether a call of a function a rule pack declares
 * read-only ("role": "read") really only reads: the pack's word holds for
 * the library's function, declared in a system header, not for a unit's
 * own function of the same name; a printf-family format must be a literal
 * whose conversions are all standard reading ones (no %n, which writes
 * through its argument), in a unit that registers no printf handlers of
 * its own (register_printf_specifier); and no stdio output call
 * is read-only in a unit, or a program, that opens a stream on a memory
 * buffer (fmemopen, open_memstream, setvbuf or setbuf with a buffer of its own),
 * where writing to the stream writes that buffer, or with functions of its
 * own (fopencookie, funopen), which may be handed the caller's bytes, or
 * that maps a file shared into memory (mmap), which output to the file
 * writes, or that holds a stream's lock across its own code (flockfile),
 * for which an output call of another thread waits. */
#ifndef AS_READONLY_H
#define AS_READONLY_H

#include <clang-c/Index.h>

#include "as_rules.h"
#include "as_tu.h"

/* NULL if call (a CallExpr of a function whose rule is r) only reads its
 * arguments; otherwise why not, a phrase such as "its format is not a
 * literal proven free of %n" (static text). r NULL or not a read rule: not
 * read-only. */
const char *as_call_not_read_only(struct as_tu *tu, CXCursor call, const struct as_rule *r);

/* A stream opened on a memory buffer in one unit is written by stdio output
 * in any unit it is handed to. A unit that opens one exports this name to
 * the program table, and every unit of a whole-program scan depends on it
 * (as_summary.c), so stdio output is no read-only call anywhere in such a
 * program. */
#define AS_MEMSTREAM_NAME "<memory stream>"
/* Whether the unit's own code calls fmemopen, open_memstream, setvbuf,
 * fopencookie, mmap, flockfile, ... (computed once). */
int as_unit_opens_memstream(struct as_tu *tu);
/* True if argument i of call is handed to a variadic function's "..." where
 * the function may print its address rather than its bytes (printf's %p):
 * a pointer to an object, not a function, that is not a string, or a
 * string when the format (the last fixed argument) is no literal or has a
 * %p conversion. G9 (a grow's block) and S4 (a shared copy) count it as
 * looking at where the block lies. */
int as_call_arg_shows_address(CXCursor call, unsigned i);

#endif
