/* as_baseline.h - the findings a project has accepted, by fingerprint, so
 * that a scan reports only new ones (--write-baseline, --baseline).
 *
 * A fingerprint is a 64-bit hash of the rule, the file, the enclosing
 * function and the text of the site's allocation and copy (or realloc, or
 * dup call) with every blank removed: not of line numbers, so it survives
 * edits elsewhere in the file, reformatting, and moving the function.
 * Equal fingerprints (the same pair twice in one function) are matched one
 * to one. SARIF's partialFingerprints carry the same value. */
#ifndef AS_BASELINE_H
#define AS_BASELINE_H

#include "as_error.h"
#include "as_finding.h"

/* The format --write-baseline writes and --baseline reads. */
#define AS_BASELINE_FORMAT 1
/* SARIF's partialFingerprints key; its version changes with the hash. */
#define AS_FINGERPRINT_KEY "allocscan/v1"

/* f's fingerprint as 16 hex digits and a NUL into out. */
void as_fingerprint(const struct as_finding *f, char out[17]);

struct as_baseline {
	char (*v)[17]; /* fingerprints, sorted */
	unsigned char *used;
	size_t n;
};

/* Reads a baseline file; anything else (malformed JSON, another tool's
 * file, an allocscan report, another format) is an error naming the file.
 * as_baseline_free when done. */
int as_baseline_load(struct as_baseline *b, const char *path, struct as_error *err);
/* Drops the findings the baseline holds (each entry matches once); the
 * count dropped into *matched. */
void as_baseline_filter(struct as_baseline *b, struct as_findings *f, size_t *matched);
/* Writes f's fingerprints to path through a temporary renamed over it, so
 * that a failed write leaves the old file. */
int as_baseline_write(const char *path, const struct as_findings *f, const char *version, struct as_error *err);
void as_baseline_free(struct as_baseline *b);

#endif
