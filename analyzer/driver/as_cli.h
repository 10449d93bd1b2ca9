/* as_cli.h - the command line of allocscan. */
#ifndef AS_CLI_H
#define AS_CLI_H

#include <stdio.h>

#include "as_error.h"

/* Seconds a unit may take by default: Ruby's largest take a few. */
#define AS_DEFAULT_TIMEOUT 300

enum as_format {
	AS_FORMAT_TEXT,
	AS_FORMAT_JSON,
	AS_FORMAT_SARIF,
};

enum as_color {
	AS_COLOR_AUTO,
	AS_COLOR_ALWAYS,
	AS_COLOR_NEVER,
};

struct as_cli {
	char **paths;
	int npaths;
	const char *compdb; /* -p DIR or --compdb FILE */
	const char **rules; /* --rules, in order */
	int nrules;
	int no_default_rules;
	enum as_format format;
	enum as_color color;
	const char *output; /* -o FILE, or NULL for stdout */
	int jobs;           /* 0: number of cores */
	int quiet;
	int verbose;           /* -v: list suppressed findings in the text report,
			     * and name what the analysis could not model */
	int min_value;         /* --min-value: drop findings worth less */
	int diff, rewrite;     /* --diff, --rewrite */
	int instrument;        /* --instrument: probes instead of fixes */
	const char **profiles; /* --profile, in order */
	int nprofiles;
	const char *fix;          /* --fix CLASSES, or NULL for all */
	const char *export_fixes; /* --export-fixes FILE */
	int per_unit;             /* --per-unit: no whole-program summaries */
	int no_isolate;           /* --no-isolate: parse on threads of this process */
	int no_cache;             /* --no-cache: neither read nor write the cache */
	unsigned timeout;         /* --timeout: seconds per unit, 0 none */
	const char *explain;      /* --explain-summary FUNC: print its summary, no report */
	int help, version;
	const char *baseline;       /* --baseline FILE: report only the others */
	const char *write_baseline; /* --write-baseline FILE */
	const char *config;         /* --config FILE: instead of .allocscan.json */
	const char *print_config;   /* --print-config PATH */
	int merge;                  /* allocscan merge DIR: paths[0] is DIR */
	char **extra;               /* after "--" */
	int nextra;
};

/* Parses argv; on a usage error fills err (the caller prints it with a
 * pointer to --help and exits 2). */
int as_cli_parse(struct as_cli *cli, int argc, char **argv, struct as_error *err);
void as_cli_help(FILE *out);
void as_cli_free(struct as_cli *cli);

#endif
