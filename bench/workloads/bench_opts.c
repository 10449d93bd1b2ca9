/* Integer command-line flags for the workloads: every parameter is a flag. */
#include "bench_common.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void print_usage(const char *prog, const char *about,
			const struct bench_opt *opts, size_t nopts)
{
	printf("usage: %s [--flag=N ...]\n%s\n\n", prog, about);
	for (size_t i = 0; i < nopts; i++)
		printf("  --%-14s %s (default %ld, %ld..%ld)\n", opts[i].name,
		       opts[i].help, *opts[i].value, opts[i].min, opts[i].max);
}

static const struct bench_opt *find_opt(const struct bench_opt *opts,
					size_t nopts, const char *name,
					size_t len)
{
	for (size_t i = 0; i < nopts; i++)
		if (strlen(opts[i].name) == len && strncmp(opts[i].name, name, len) == 0)
			return &opts[i];
	return NULL;
}

static int parse_value(const char *prog, const struct bench_opt *opt,
		       const char *text)
{
	char *end = NULL;
	errno = 0;
	long v = strtol(text, &end, 10);
	if (errno != 0 || end == text || *end != '\0') {
		fprintf(stderr, "%s: --%s: not an integer: '%s'\n", prog, opt->name, text);
		return -1;
	}
	if (v < opt->min || v > opt->max) {
		fprintf(stderr, "%s: --%s: %ld is outside %ld..%ld\n", prog, opt->name,
			v, opt->min, opt->max);
		return -1;
	}
	*opt->value = v;
	return 0;
}

enum bench_parse bench_opts_parse(int argc, char **argv, const char *about,
				  const struct bench_opt *opts, size_t nopts)
{
	const char *prog = argc > 0 ? argv[0] : "bench";
	for (int i = 1; i < argc; i++) {
		const char *arg = argv[i];
		if (strcmp(arg, "--help") == 0 || strcmp(arg, "-h") == 0) {
			print_usage(prog, about, opts, nopts);
			return BENCH_PARSE_HELP;
		}
		if (strncmp(arg, "--", 2) != 0) {
			fprintf(stderr, "%s: unexpected argument '%s' (try --help)\n", prog, arg);
			return BENCH_PARSE_ERROR;
		}
		const char *name = arg + 2;
		const char *eq = strchr(name, '=');
		size_t len = eq ? (size_t)(eq - name) : strlen(name);
		const struct bench_opt *opt = find_opt(opts, nopts, name, len);
		if (opt == NULL) {
			fprintf(stderr, "%s: unknown flag '%s' (try --help)\n", prog, arg);
			return BENCH_PARSE_ERROR;
		}
		const char *text = eq ? eq + 1 : NULL;
		if (text == NULL) {
			if (i + 1 >= argc) {
				fprintf(stderr, "%s: --%s needs a value\n", prog, opt->name);
				return BENCH_PARSE_ERROR;
			}
			text = argv[++i];
		}
		if (parse_value(prog, opt, text) != 0)
			return BENCH_PARSE_ERROR;
	}
	return BENCH_PARSE_OK;
}

int bench_opts_exit_status(enum bench_parse result)
{
	return result == BENCH_PARSE_HELP ? EXIT_SUCCESS : 2;
}
