/* as_header_probe.h - which file a unit's `#include <asrt/asrt.h>` names.
 * The rewriter adds that line to every file it fixes; a project's own
 * asrt/asrt.h earlier in the unit's search path would be picked up instead
 * of libasrt's, and the rewritten calls would mean something else or not
 * compile. */
#ifndef AS_HEADER_PROBE_H
#define AS_HEADER_PROBE_H

#include <clang-c/Index.h>

/* The macro only libasrt's header defines (its include guard). */
#define AS_RUNTIME_HEADER_MARK "ASRT_RUNTIME_ASRT_H_"

enum as_probe {
	AS_PROBE_RUNTIME, /* found, and it is libasrt's header */
	AS_PROBE_ABSENT,  /* not found: the user's build must supply it */
	AS_PROBE_OTHER,   /* found, and it is not libasrt's header */
};

/* Resolves <asrt/asrt.h> with the unit's own arguments (argv as given to
 * clang_parseTranslationUnit2, dir the unit's working directory); with
 * AS_PROBE_OTHER, *found is the path picked up (malloc'd, or NULL out of
 * memory). */
enum as_probe as_probe_runtime_header(CXIndex idx, const char *dir, const char *const *argv, int argc,
				      char **found);

#endif
