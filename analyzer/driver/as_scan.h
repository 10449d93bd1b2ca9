/* as_scan.h - parsing the jobs in parallel with libclang and running every
 * detector over each function definition. Memory is bounded by the number of
 * workers: a unit is disposed of as soon as its findings are taken. With
 * whole_program, the units of a program (as_job.program) then export the
 * summaries of their external functions, and the units that call those are
 * parsed and analysed again (as_program.h). */
#ifndef AS_SCAN_H
#define AS_SCAN_H

#include "as_cache.h"
#include "as_error.h"
#include "as_finding.h"
#include "as_job.h"
#include "as_names.h"
#include "as_report.h"
#include "as_rules.h"
#include "as_wire.h"

struct as_scan_opts {
	int jobs; /* worker threads */
	const struct as_rules *rules;
	char **extra; /* arguments after "--" */
	int nextra;
	int progress;             /* redraw a progress line on stderr */
	const char *resource_dir; /* clang's builtin headers, or NULL */
	const char *asrt_include; /* where asrt.h is, so rewritten code parses */
	int whole_program;        /* share summaries between a program's units */
	int isolate;              /* parse in worker processes (as_isolate.h) */
	unsigned timeout;         /* with isolate: seconds a unit may take; 0 none */
	const char *explain;      /* print this function's summary (first pass) */
	int *explained;           /* counts the definitions of it printed */
	struct as_cache *cache;   /* results kept between scans; NULL: none */
};

int as_scan_run(const struct as_jobs *jobs, const struct as_scan_opts *opts, struct as_findings *out,
		struct as_scan_stats *stats, struct as_error *err);
/* The first pass of one job (jobs->v[0], program 0) as one unit of a
 * program scanned elsewhere (allocscan-cc): its summaries exported, its
 * paths marked (as_portable.h), its messages in r->log. r's found is
 * initialised by the caller, who owns and frees r. */
int as_scan_unit(const struct as_jobs *jobs, const struct as_scan_opts *opts, struct as_result *r,
		 struct as_error *err);
/* as_scan_run with the first pass given (allocscan merge): res[i] is
 * jobs->v[i]'s, from as_scan_unit; the scan takes res over (frees it and
 * what it holds). Later passes parse units again, as a whole scan does. */
int as_scan_merge(const struct as_jobs *jobs, const struct as_scan_opts *opts, struct as_result *res,
		  struct as_findings *out, struct as_scan_stats *stats, struct as_error *err);

#endif
