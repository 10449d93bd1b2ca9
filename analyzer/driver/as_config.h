/* as_config.h - .allocscan.json: a project's settings, found like
 * .clang-tidy by walking up from each scanned file (the nearest one wins,
 * whole), or one file for every unit with --config.
 *
 *   {
 *     "rule_packs": ["ruby", "tools/our-pack.json"],
 *     "disable": ["dup-call"],
 *     "min_value": 20,
 *     "severity": { "dup-call": "warning" },
 *     "exclude": ["*.gen.c", "third_party*"],
 *     "clang_args": ["-DNDEBUG"]
 *   }
 *
 * rule_packs: loaded for the whole scan (a path relative to the config's
 * folder, or a bundled pack's name). disable, min_value: findings in the
 * files it covers. severity: a rule's level (warning or info) in the files
 * it covers. exclude: shell patterns (fnmatch, '*' crossing '/')
 * matched against a file's path relative to the config's folder; those
 * files are not scanned. clang_args: appended to those files' flags.
 * An unknown key is a warning naming the file; a broken file, a value of
 * the wrong type or an unknown rule id is an error. */
#ifndef AS_CONFIG_H
#define AS_CONFIG_H

#include <stdio.h>

#include "as_error.h"
#include "as_finding.h"
#include "as_job.h"

struct as_config {
	char *path; /* the file, absolute */
	char *dir;  /* its folder */
	char **packs, **disable, **exclude, **clang_args;
	int npacks, ndisable, nexclude, nclang_args;
	int min_value;
	char **sev_rule; /* "severity": rule ids, and the level each gets */
	enum as_severity *sev;
	int nsev;
};

struct as_configs {
	struct as_config *v;
	size_t n, cap;
	const char *forced; /* --config FILE, or NULL */
};

/* The config that applies to path (absolute, or relative to the current
 * directory): the --config file, or the nearest .allocscan.json from the
 * file's folder up; NULL when none (*err empty) or when one is broken
 * (err filled). Warnings go to log. Configs are read once and kept. */
const struct as_config *as_config_for(struct as_configs *c, const char *path, FILE *log, struct as_error *err);
/* Drops the excluded jobs and appends clang_args to the others; the rule
 * packs to load go, in order and once each, into *packs (malloc'd array of
 * strings owned by c). */
int as_config_jobs(struct as_configs *c, struct as_jobs *j, const char ***packs, int *npacks, FILE *log,
		   struct as_error *err);
/* Drops the findings that their file's config disables or values too low,
 * and gives the others the level it sets for their rule. */
int as_config_findings(struct as_configs *c, struct as_findings *f, FILE *log, struct as_error *err);
/* --print-config PATH: which file applies, and its settings, as JSON. */
int as_config_print(struct as_configs *c, const char *path, FILE *out, struct as_error *err);
void as_configs_free(struct as_configs *c);

#endif
