/* as_leftover.h - temporaries left by an interrupted rewrite.
 *
 * as_write_atomic writes ".NAME.asrw-XXXXXX" next to NAME and renames it
 * over NAME; a SIGKILL or a crash between the two leaves it behind (NAME
 * itself is intact: still its old text). A sweep looks in the folders of
 * the files it is given for entries that are ours beyond doubt: the exact
 * name pattern (six characters of mkstemp's alphabet), NAME present as a
 * regular file beside it, a regular file (not a link) with one link, owned
 * by the effective user. Anything else is not touched. It either removes
 * them (--rewrite) or only reports them (a scan, --diff). A rewrite still
 * running on the same folder at the same time would lose its temporary and
 * fail to rename, leaving its file as it was: concurrent rewrites of one
 * tree are not supported.
 */
#ifndef AS_LEFTOVER_H
#define AS_LEFTOVER_H

#include <stddef.h>
#include <stdio.h>

#include "as_error.h"

struct as_sweep {
	char **dirs; /* real paths of the folders already swept */
	size_t n, cap;
	int remove; /* unlink what is found, or only report it */
	FILE *log;  /* one line per leftover found or removed */
	size_t found, removed;
};

/* Sweeps the folder holding file (once per folder, however it is named).
 * A folder or file that cannot be resolved is skipped: the scan reports
 * it. Returns -1 only on a leftover it fails to remove, or out of memory. */
int as_sweep_dir_of(struct as_sweep *s, const char *file, struct as_error *err);
void as_sweep_free(struct as_sweep *s);

#endif
