/* as_profile.h - the profiles the probes of --instrument write
 * ($ASRT_PROFILE, docs/runtime-api.md): read, merged, joined to a scan's
 * findings (--profile) and written back merged (profile-merge). */
#ifndef AS_PROFILE_H
#define AS_PROFILE_H

#include <stdio.h>

#include "as_error.h"
#include "as_finding.h"

struct as_profile_site {
	char *site; /* FILE:LINE:RULE#HASH */
	struct as_measure m;
};

struct as_profile {
	struct as_profile_site *v;
	size_t n, cap;
	unsigned long long runs; /* processes merged */
};

/* Adds the profile in path to p: counts of the same site are summed (the
 * largest call is the largest of both). A file that is not a complete
 * profile (truncated, not JSON, another format) fails with err filled as
 * "PATH: what", p unchanged. */
int as_profile_load(struct as_profile *p, const char *path, struct as_error *err);
/* Writes p as a profile (the format the runtime writes). */
int as_profile_write(FILE *out, const struct as_profile *p);
void as_profile_free(struct as_profile *p);

struct as_profile_join {
	size_t matched;   /* profile sites attached to a finding */
	size_t changed;   /* same file, line and rule, other text: ignored */
	size_t unknown;   /* no finding of that file, line and rule: ignored */
	size_t unreached; /* findings the profile has no counts for */
};

/* Gives every finding its measured counts (reached or not). A profile site
 * is attached only to the finding with the same line, rule and text hash
 * whose file is the same path or one path ends with the other after a '/'
 * (profiles taken in another directory); the others are counted as
 * ignored. -1 out of memory. */
int as_profile_attach(const struct as_profile *p, struct as_findings *f, struct as_profile_join *j);

#endif
