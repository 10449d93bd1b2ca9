/* as_output.h - the report file of -o, written so that nothing of the
 * user's is lost: the report goes to a temporary beside the file and is
 * renamed over it only once whole, so a scan that fails, or is killed,
 * leaves the earlier report as it was; and a path that is one of the
 * sources being scanned is refused before anything is written. */
#ifndef AS_OUTPUT_H
#define AS_OUTPUT_H

#include <stdio.h>

#include "as_error.h"
#include "as_job.h"

struct as_output {
	FILE *f;    /* where the report is written */
	char *path; /* the file asked for */
	char *tmp;  /* the temporary renamed over path, or NULL (a device,
		     * FIFO or terminal, written in place) */
};

/* Opens the report for path. -1 with err filled when path names a source
 * of jobs ("-o PATH is one of the sources scanned") or cannot be written.
 * Until as_output_commit or as_output_abandon, SIGINT, SIGTERM and SIGHUP
 * remove the temporary before ending the process. */
int as_output_open(struct as_output *o, const char *path, const struct as_jobs *jobs, struct as_error *err);

/* Puts the whole report in place: 0, or -1 with err filled and path as it
 * was. Closes o->f either way. */
int as_output_commit(struct as_output *o, struct as_error *err);

/* Gives the report up (a failed scan): path is left as it was. */
void as_output_abandon(struct as_output *o);

#endif
