/* as_suppress.h - findings silenced by comments in the source, never
 * silently: they are counted in the summary, listed with -v, and written to
 * JSON ("suppressed") and SARIF (results with "suppressions").
 *
 *   // allocscan: ignore[alloc-copy] the copy is handed to a thread
 *   p = malloc(n);  /+ allocscan: ignore[alloc-copy,dup-call] reason +/
 *   // allocscan: ignore-function[realloc-churn] reason
 *   static void build(struct buf *b) { ... }
 *
 * (/+ +/ standing for a C comment.) "ignore" silences the findings of the
 * rules named that are reported on the comment's line (a comment after
 * code) or on the next line (a comment alone on its line); a finding's
 * lines are its site's and, for alloc-copy, its copy's. "ignore-function"
 * silences them in the whole function definition that follows the comment.
 * A rule id no rule has, a suppression without a reason, and an
 * ignore-function followed by no function definition are warnings naming
 * the file and line. */
#ifndef AS_SUPPRESS_H
#define AS_SUPPRESS_H

#include <stdio.h>

#include "as_error.h"
#include "as_finding.h"

/* One finding a comment silenced. */
struct as_suppressed {
	struct as_finding f; /* owned */
	const char *reason;  /* the comment's reason (in the list's texts), or "" */
	const char *at_file; /* where the comment is: f.file's text */
	unsigned at_line;
};

struct as_suppressions {
	struct as_suppressed *v;
	size_t n, cap;
	char **texts; /* the reasons, owned */
	size_t ntexts;
	size_t warnings; /* warnings printed about malformed suppressions */
};

/* Reads the suppression comments of every file in files (paths as findings
 * name them; each read once) and of every file a finding names, warns on
 * log about bad ones, and moves each finding a comment covers from found to
 * out. -1 (err filled) out of memory; a file that cannot be read has no
 * suppressions. */
int as_suppress_apply(struct as_findings *found, char *const *files, size_t nfiles, struct as_suppressions *out,
		      FILE *log, struct as_error *err);
/* -v: one note per suppressed finding, in the text report's style. */
void as_suppressions_text(FILE *out, const struct as_suppressions *s);
/* The JSON report's "suppressed" array: rule, file, line, column,
 * function, message, and the suppression's reason and place. */
void as_suppressions_json(FILE *out, const struct as_suppressions *s);
void as_suppressions_free(struct as_suppressions *s);

#endif
