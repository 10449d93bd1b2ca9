/* as_report.h - the three report formats of a scan. */
#ifndef AS_REPORT_H
#define AS_REPORT_H

#include <stdio.h>

#include "as_detect.h"
#include "as_error.h"
#include "as_finding.h"
#include "as_names.h"

struct as_suppressions;

/* Folds the findings at loops that call a grower (realloc-churn across
 * functions) into the grower's own finding: one finding, its callers
 * counted and the first few named (callers), its value raised as the loops
 * prove the repetition. With no finding at the grower, the first caller's
 * holds the others. Returns -1 when out of memory. */
int as_fold_callers(struct as_findings *l);

/* What a scan counts, as the reports show it. */
struct as_scan_stats {
	size_t files;
	size_t failed;        /* units with errors, or that libclang could not parse */
	size_t lost;          /* of which crashed or timed out (isolated scans) */
	size_t reparsed;      /* units parsed again for whole-program summaries */
	int rounds;           /* whole-program passes run */
	size_t cached;        /* units whose first pass came from the cache */
	size_t cached_rounds; /* of reparsed, taken from the cache */
	double seconds;
	double program_seconds; /* of which the whole-program passes */
	/* Sealed: names defined differently in two units of a program, left
	 * out of its summaries. */
	struct as_names conflicts;
	size_t skipped;                           /* inputs not scanned (unreadable, not C, a FIFO) */
	size_t not_c;                             /* compile database entries in another language */
	const struct as_suppressions *suppressed; /* by comments, or NULL */
	size_t baselined;                         /* findings left out: in the --baseline */
	/* Sealed: what the analysis could not model, and scan-wide words (no
	 * allocator matched). */
	struct as_names notices;
	unsigned long allocs; /* calls of the packs' allocators seen */
};

/* Frees what the stats own (conflicts, notices). */
void as_scan_stats_free(struct as_scan_stats *s);

struct as_report_opts {
	int color;       /* ANSI colour in the text report */
	const char *cwd; /* to find source lines of relative paths */
	int verbose;     /* -v: list the suppressed findings too */
};

/* A finding --rewrite would fix (driver: instrument's as_fixes_each), with
 * the include its file gets. */
struct as_ready_fix {
	int ready;               /* its fix-its are applied */
	int first;               /* the first finding fixed in its file */
	struct as_fixit include; /* text NULL: its file has the include */
};

/* What the SARIF log says of the run beyond the scan's counts. */
struct as_sarif_run {
	const char *version;              /* the tool's */
	int exit_code;                    /* the status allocscan exits with */
	const struct as_ready_fix *fixes; /* one per finding of the list, or NULL */
	const char *docs_url;             /* docs/rules.md; each rule is its heading's anchor */
};

void as_report_text(FILE *out, const struct as_findings *f, const struct as_scan_stats *s,
		    const struct as_report_opts *o);
void as_report_json(FILE *out, const struct as_findings *f, const struct as_scan_stats *s);
void as_report_sarif(FILE *out, const struct as_findings *f, const struct as_scan_stats *s,
		     const struct as_sarif_run *run);
/* --export-fixes: the ready fixes of f in clang-apply-replacements' YAML
 * (one document, files named by absolute path, the include of a file with
 * its first finding so that it is inserted once); -1 with err filled when a
 * file cannot be resolved. */
int as_report_fixes_yaml(FILE *out, const struct as_findings *f, const struct as_ready_fix *fixes,
			 struct as_error *err);
/* The summary line: files, sites per rule, seconds. */
void as_report_summary(FILE *out, const struct as_findings *f, const struct as_scan_stats *s);

/* One helper on a cross-function finding's path (as_finding.trace). */
struct as_step {
	const char *role; /* "alloc" or "copy": the chain it is on */
	const char *function, *file, *what;
	unsigned line;
};
#define AS_MAX_STEPS 16
/* Splits a finding's trace into steps (at most AS_MAX_STEPS, pointing into
 * the returned copy, which the caller frees); *n 0 and NULL for none. */
char *as_trace_steps(const char *trace, struct as_step *steps, int *n);
/* The step where the fix belongs: the innermost helper of the first chain
 * (the one whose body holds the allocation, or else the copy); -1 if none. */
int as_trace_fix_site(const struct as_step *steps, int n);

/* Writes s as a JSON string literal (with quotes); NULL as null. */
void as_json_string(FILE *out, const char *s);
/* A site's measured counts as a JSON object (JSON and SARIF reports). */
void as_measure_json(FILE *out, const struct as_measure *m);
/* The measured cost that ranks a site: bytes copied, moved and
 * duplicated, plus one byte per call (so that calls rank sites that move
 * no bytes). */
unsigned long long as_measure_cost(const struct as_measure *m);

#endif
