/* as_unit_file.h - one unit's first-pass result as a file: allocscan-cc
 * writes one per C file it compiles, allocscan merge reads a folder of them
 * and runs the whole-program passes (as_scan_merge). A file records the
 * tool's version and the rule packs' identity (as_setup_pack), so that a
 * merge refuses a stale or foreign one instead of mixing results. */
#ifndef AS_UNIT_FILE_H
#define AS_UNIT_FILE_H

#include "as_error.h"
#include "as_job.h"
#include "as_wire.h"

/* What names a unit file: NAME.asunit in the folder allocscan-cc writes. */
#define AS_UNIT_SUFFIX ".asunit"

/* Writes path whole (a temporary renamed over it): job, packs (the packs'
 * identity) and r. -1 with err filled. */
int as_unit_file_write(const char *path, const struct as_job *job, const char *packs, const struct as_result *r,
		       struct as_error *err);
/* Every *.asunit file of dir, in name order: each one's job added to jobs
 * (program 0: one program), its result to *res (malloc'd, one per job, its
 * found initialised; the caller frees each with as_result_free and
 * as_findings_free, and the array), the packs' identity they share in
 * *packs (malloc'd). -1 with err naming the file: not a unit file, another
 * version's, other packs than the first file's, or none at all. */
int as_unit_dir_read(const char *dir, struct as_jobs *jobs, struct as_result **res, char **packs,
		     struct as_error *err);

#endif
