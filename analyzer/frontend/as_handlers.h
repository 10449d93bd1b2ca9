/* as_handlers.h - the signal handlers a unit installs that may write
 * memory the program shares: a handler runs between any two instructions
 * (a fault in a plain load, a signal from outside), so code that reads
 * non-private memory twice may see it change without a call in between.
 * A handler is any function of this unit used as a value (not called),
 * whatever its type: its pointer may reach sa_handler through a cast, a
 * union member or its bytes, and the ABI passes the signal number to a
 * function that ignores its parameters as well. A unit that names dlsym or
 * another lookup function (as_lookup_function) may install any function of
 * the program without naming it; the inline functions of system headers
 * are searched too (a library's header may install its own handler). */
#ifndef AS_HANDLERS_H
#define AS_HANDLERS_H

#include "as_tu.h"

/* A handler installed by one unit runs in every unit's code: a unit that
 * installs one that may write exports this name to the program table, and
 * every unit of a whole-program scan depends on it (as_summary.c). */
#define AS_HANDLER_NAME "<signal handler>"

/* The name of the first handler the unit installs that may write memory
 * other than its own locals and volatile objects (a flag of type volatile
 * sig_atomic_t), or that calls a function other than a few that write
 * nothing of the program's (_exit, abort; write and exit in a unit that
 * maps no file and opens no stream on memory); *line is where it is used
 * as a value. NULL if none. Computed once per unit. */
const char *as_unit_writing_handler(struct as_tu *tu, unsigned *line);

/* True if function declaration decl finds functions by a name made at run
 * time (dlsym, dlvsym, dl_iterate_phdr, dlinfo), by its own name or by the
 * symbol its asm label binds it to. */
int as_lookup_function(CXCursor decl);

#endif
