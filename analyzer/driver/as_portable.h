/* as_portable.h - paths in a unit's results that a merge resolves: a unit
 * analysed by allocscan-cc, in the folder of its compile, does not know
 * where the merge runs nor the folder holding every unit, which the paths
 * findings show are relative to. It writes each path as a marked absolute
 * path; the merge makes it what a whole scan from its own folder writes. */
#ifndef AS_PORTABLE_H
#define AS_PORTABLE_H

#include <stddef.h>

#include "as_wire.h"

enum as_portable_kind {
	AS_PORTABLE_DISPLAY = 'd', /* relative to where the scan runs */
	AS_PORTABLE_SITE = 's',    /* relative to the folder of every unit */
};

/* dir/path, marked as a path of kind, in buf. */
const char *as_portable_path(enum as_portable_kind kind, const char *dir, const char *path, char *buf, size_t size);
/* Every marked path in r's findings, notices and log made relative to cwd
 * (display) or tree (site); -1 out of memory. */
int as_portable_resolve(struct as_result *r, const char *cwd, const char *tree);

#endif
