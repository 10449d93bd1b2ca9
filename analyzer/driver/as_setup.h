/* as_setup.h - what a scan loads before it starts, the same for allocscan
 * and allocscan-cc: the rule packs, with their identity, and clang's
 * resource directory. */
#ifndef AS_SETUP_H
#define AS_SETUP_H

#include "as_error.h"
#include "as_rules.h"

/* Loads pack name into r: a bare name ("ruby") is a bundled pack, anything
 * else a file. When ids is not NULL, "PATH\tHASH\n" of the file loaded is
 * appended to *ids (malloc'd, the caller frees): the packs' identity, which
 * a unit file records and a merge checks. */
int as_setup_pack(struct as_rules *r, const char *name, char **ids, struct as_error *err);
/* Loads the packs ids names (as_setup_pack wrote it), in order; -1 with
 * err naming the first pack whose file is not the one ids describes. */
int as_setup_packs_of(struct as_rules *r, const char *ids, struct as_error *err);
/* clang's builtin headers: $ALLOCSCAN_RESOURCE_DIR, or the one found at
 * build time; NULL when neither is there. Not owned. */
const char *as_setup_resource_dir(void);

#endif
