/* as_cli.c - options of allocscan and the --help text. */
#include <stdio.h>

#include "as_cli.h"
#include "as_detect.h"

#include <getopt.h>
#include <stdlib.h>
#include <string.h>

/* The rules of as_detectors: id, what it matches, level; then its fix
 * classes and the pack roles it reads. */
static void rules_help(FILE *out)
{
	fputs("Rules:\n", out);
	for (int i = 0; i < as_ndetectors; i++) {
		const struct as_detector *d = &as_detectors[i];
		const char *line = d->usage, *nl;
		const char *sep = "";

		fprintf(out, "  %-14s ", d->rule);
		while ((nl = strchr(line, '\n'))) {
			fprintf(out, "%.*s\n%17s", (int)(nl - line), line, "");
			line = nl + 1;
		}
		fprintf(out, "%-43s(%s)\n", line, d->severity == AS_SEV_INFO ? "info" : "warning");
		fprintf(out, "%17sfix classes: %s\n%17spack roles it reads:", "", *d->fixes ? d->fixes : "manual only",
			"");
		for (int r = 0; as_role_name((enum as_role)r); r++)
			if (d->roles & 1u << r) {
				fprintf(out, "%s %s", sep, as_role_name((enum as_role)r));
				sep = ",";
			}
		fputc('\n', out);
	}
}

void as_cli_help(FILE *out)
{
	/* The text as it prints, one line of it per line here. */
	/* clang-format off */
	fputs(
"Usage: allocscan [OPTION]... [PATH]... [-- CLANG-ARG...]\n"
"       allocscan --diff|--rewrite [--fix CLASSES] [OPTION]... [PATH]...\n"
"       allocscan -p BUILD-DIR [OPTION]... [PATH]...\n"
"       allocscan --instrument [--diff] [OPTION]... [PATH]...\n"
"       allocscan --profile PROFILE [OPTION]... [PATH]...\n"
"       allocscan profile-merge [-o OUT] PROFILE...\n"
"       allocscan merge DIR [--format FORMAT] [-o FILE] [OPTION]...\n"
"\n"
"Report the places in a C code base where memory is copied or regrown for no\n"
"good reason: a buffer allocated and then filled by a copy of the same size\n"
"(alloc-copy), a buffer regrown by an additive step on every pass of a loop\n"
"(realloc-churn), explicit duplication calls inside loops (dup-call), and new\n"
"objects copied from another object's whole buffer, which the runtime's own\n"
"copy-on-write can share (object-copy). Each finding names the enclosing\n"
"function, the buffers and sizes involved, whether it sits in a loop, and\n"
"the fix class it qualifies for (memdup, share, grow) or \"manual\" with the\n"
"reason.\n"
"\n"
"PATH is a C file or a directory (scanned recursively for *.c; every folder\n"
"holding headers is added with -I). With -p or --compdb, the translation\n"
"units and their flags come from a compile_commands.json, and PATHs, if\n"
"given, limit the scan to the entries below them. Without -p, a file named\n"
"takes its entry in the compile_commands.json of its folder or the nearest\n"
"folder above, if there is one. A database's -Werror, -Werror=... and\n"
"-pedantic-errors, and the options clang does not know (gcc's, named in one\n"
"note), are left out of the parse. Functions are analysed and rewritten\n"
"where they are written below a PATH (a file stands for its folder: the\n"
"headers and files it includes from there are its own text).\n"
"\n"
"Inputs:\n"
"  -p DIR                 use DIR/compile_commands.json (each entry's own flags\n"
"                         and working directory)\n"
"      --compdb FILE      use the compile database FILE\n"
"      --rules PACK       also load rule pack PACK: a JSON file, or the name of a\n"
"                         bundled pack (ruby, lua, python), which wins over a\n"
"                         file of that name (write ./NAME for the file);\n"
"                         repeatable, later packs win\n"
"      --no-default-rules do not load the bundled libc pack\n"
"      --config FILE      use the settings in FILE for every file instead of the\n"
"                         .allocscan.json nearest above each file\n"
"      --print-config PATH\n"
"                         print which config applies to PATH, and its\n"
"                         settings, as JSON, and exit\n"
"  -- CLANG-ARG...        pass the remaining arguments to clang for every file\n"
"                         (-I, -D, -std=...)\n"
"\n"
"Fixing:\n"
"      --diff             print the proven-safe fixes as a unified diff that\n"
"                         'patch -p1' applies from the current directory (names\n"
"                         with spaces or quotes written as GNU diff does);\n"
"                         change nothing\n"
"      --rewrite          apply those fixes in place: each file is written to a\n"
"                         temporary and renamed over the original (permissions\n"
"                         kept), #include <asrt/asrt.h> is added once where a fix\n"
"                         calls libasrt, every line outside the rewritten\n"
"                         statements keeps its number (__LINE__), a file whose\n"
"                         unit did not parse or that changed since the scan is\n"
"                         left alone; a second run changes nothing; a file\n"
"                         reached by several paths is written once. A\n"
"                         temporary .NAME.asrw-XXXXXX left beside NAME by an\n"
"                         interrupted --rewrite (a regular file of yours, one\n"
"                         link, NAME beside it) is removed by --rewrite and\n"
"                         reported by a scan or --diff; nothing else is touched\n"
"      --fix CLASSES      only these fix classes, comma-separated: memdup,share,grow\n"
"                         (default: all three). Rewritten code builds with\n"
"                         the installed runtime: $(pkg-config --cflags --libs\n"
"                         asrt_core) for make, find_package(asrt) and\n"
"                         asrt::asrt_core in CMake (asrt and asrt::asrt: with\n"
"                         its allocator)\n"
"      --export-fixes FILE\n"
"                         write the fixes --rewrite would apply (the include of\n"
"                         asrt.h too) to FILE in clang-apply-replacements' YAML,\n"
"                         beside the report; change nothing. SARIF carries the\n"
"                         same fixes in each result's \"fixes\"\n"
"\n"
"Measuring:\n"
"      --instrument       insert a counting probe at each finding's calls, fixable\n"
"                         or not, in place as --rewrite writes (with --diff:\n"
"                         print them instead), and #include <asrt/asrt_probe.h>.\n"
"                         A probe passes every value through unchanged and\n"
"                         evaluates nothing twice; where it could not, the call\n"
"                         is left without one (counted in the last line). Build\n"
"                         as usual, linked with -lasrt_core (GCC or Clang), run\n"
"                         with ASRT_PROFILE=FILE (%p in FILE: the process id;\n"
"                         without it, the processes add up in FILE): each site's\n"
"                         calls, bytes allocated, copied and reallocated, moves\n"
"                         and bytes moved, and largest call are written at exit\n"
"      --profile FILE     rank the report by the measured cost in FILE (bytes\n"
"                         copied, moved and duplicated, plus calls), the static\n"
"                         value beside it; repeatable: the profiles add up. A\n"
"                         site counts only for the finding of the same file,\n"
"                         line, rule and code text (one line says how many\n"
"                         matched and were ignored); a finding the runs never\n"
"                         reached says so. JSON and SARIF carry \"measured\"\n"
"  profile-merge [-o OUT] PROFILE...\n"
"                         add profiles up into one (standard output, or OUT\n"
"                         replaced whole)\n"
"\n"
"Merging:\n"
"  merge DIR              report on the units allocscan-cc analysed while the\n"
"                         project was built (CC=\"allocscan-cc gcc\" with\n"
"                         ALLOCSCAN_OUT=DIR): the whole-program passes run\n"
"                         over DIR's unit files (*.asunit), and the findings\n"
"                         are those of 'allocscan -p' over the same compile\n"
"                         commands. The units that call another unit's helper\n"
"                         are parsed again, from their sources, with the flags\n"
"                         recorded: run it where the sources are. Takes the\n"
"                         report's options (--format, -o, --color, --min-value,\n"
"                         --baseline, --write-baseline, --profile,\n"
"                         --export-fixes, --fix, -q, -v) and -j, --timeout and\n"
"                         --no-isolate; the rule packs and .allocscan.json are\n"
"                         the ones the units were analysed with. A unit file\n"
"                         of another version, other packs, or damaged is an\n"
"                         error (status 2) naming it\n"
"\n"
"Output:\n"
"      --format FORMAT    text (default), json, or sarif (SARIF 2.1.0)\n"
"  -o, --output FILE      write the report to FILE instead of standard output;\n"
"                         FILE is replaced only once the report is whole (a\n"
"                         failed or killed scan leaves it as it was), and a\n"
"                         FILE that is one of the sources scanned is refused\n"
"      --color WHEN       colour the text report: auto (default: on a terminal),\n"
"                         always, never; NO_COLOR set non-empty means never\n"
"                         unless --color always is given\n"
"      --min-value N      only findings whose value estimate is at least N (0-100;\n"
"                         the estimate and its reasons are in every report, and\n"
"                         the text report lists the most valuable first)\n"
"      --baseline FILE    report only the findings FILE does not hold (matched by\n"
"                         fingerprint: rule, file, function and the text of\n"
"                         the site, not its line, so unrelated edits keep them\n"
"                         matched); the summary line counts the others\n"
"      --write-baseline FILE\n"
"                         write the findings' fingerprints to FILE (replaced\n"
"                         whole) to accept them; exit status 0 unless an error\n"
"  -q, --quiet            no progress line on standard error, and no \"rewrote\n"
"                         FILE\" line per file with --rewrite\n"
"  -v, --verbose          list the findings suppressed by comments in the text\n"
"                         report (JSON and SARIF always carry them), and on\n"
"                         standard error each site the analysis could not\n"
"                         model and left unchecked (always in the JSON\n"
"                         \"notices\" and the SARIF toolExecutionNotifications;\n"
"                         without -v the text report gives their count)\n"
"\n"
"Running:\n"
"  -j, --jobs N           parse N files at once (default: the number of cores);\n"
"                         memory grows with N, not with the number of files\n"
"      --per-unit         see through helper functions within each translation\n"
"                         unit only; by default the units of one program (a\n"
"                         compile database, a directory named, or the files\n"
"                         named on their own) share the summaries of their\n"
"                         external functions, and the units that call a helper\n"
"                         of another unit are parsed a second time\n"
"      --timeout SECONDS  give up on a file whose parse and analysis take longer\n"
"                         than SECONDS of wall-clock time (default: 300; 0: no\n"
"                         limit): it is named with the reason, counted as a\n"
"                         file with errors, and the scan goes on\n"
"      --no-isolate       parse on threads of allocscan itself instead of in\n"
"                         worker processes: a file that crashes libclang then\n"
"                         ends the whole scan, and --timeout is not available\n"
"      --no-cache         parse every unit: neither read nor write the cache of\n"
"                         results ($XDG_CACHE_HOME/allocscan, by default\n"
"                         ~/.cache/allocscan), which a scan otherwise reuses for\n"
"                         the units whose files, flags, packs and options are\n"
"                         unchanged (--rewrite and --instrument never use it)\n"
"      --explain-summary FUNC\n"
"                         print what the analysis says of helper FUNC in each\n"
"                         scanned unit that defines it (which parameter flows\n"
"                         to which buffer, with what size, through which\n"
"                         helpers; or why it has no summary) instead of a\n"
"                         report; exit status 1 if no unit defines FUNC\n"
"  -h, --help             show this help and exit\n"
"      --version          show the version and exit\n"
"\n",
	      out);
	rules_help(out);
	fputs("\n"
"Fix classes:\n"
"  memdup   the allocation and the copy become one call (asrt_memdup, or the\n"
"           family's template from its rule pack)\n"
"  share    the copy becomes a copy-on-write reference (asrt_cow_share): the\n"
"           source is immutable and every use of the copy is a read or a free;\n"
"           or, for object-copy, the runtime's own sharing (a pack template)\n"
"  grow     the reallocation becomes asrt_grow (geometric, amortised O(1))\n"
"  manual   no fix is proven safe; the report says why\n"
"\n"
"Config:\n"
"  .allocscan.json in a file's folder or the nearest folder above it (the\n"
"  nearest wins, whole): a JSON object with rule_packs (loaded for the scan),\n"
"  disable (rule ids), min_value (0-100), exclude (shell patterns on the path\n"
"  relative to the config's folder: not scanned) and clang_args (appended to\n"
"  the file's flags). An unknown key is a warning; a broken file is an error.\n"
"\n"
"Suppressions:\n"
"  A comment \"allocscan: ignore[RULE-ID] REASON\" (// or /* */) silences the\n"
"  findings of RULE-ID (several: comma-separated) on its own line, or on the\n"
"  next line when it stands alone; \"allocscan: ignore-function[RULE-ID] REASON\"\n"
"  before a function definition silences them in the whole function. They\n"
"  are counted in the summary line, listed with -v, and carried in JSON\n"
"  (\"suppressed\") and SARIF (results with \"suppressions\"). An unknown rule\n"
"  id, a missing reason or an ignore-function before no definition is a\n"
"  warning naming the file and line.\n"
"\n"
"Exit status:\n"
"  0  nothing found (with --diff or --rewrite: the fixes were applied, or\n"
"     there were none)\n"
"  1  findings reported\n"
"  2  usage or input error: bad option, missing path, no C files, a broken\n"
"     rule pack or compile database, or a file that did not parse, crashed\n"
"     the parser or timed out (the scan of the other files still completes\n"
"     and is reported: 2 wins over 1; SARIF's executionSuccessful and the\n"
"     summary line's \"with errors\" tell the two apart)\n"
"\n"
"Environment:\n"
"  ALLOCSCAN_RULES_DIR      where bundled rule packs are looked up\n"
"  ALLOCSCAN_RESOURCE_DIR   clang's resource directory (builtin headers such as\n"
"                           stddef.h), if the built-in guess is wrong\n"
"  ALLOCSCAN_TEST_CRASH     (tests) crash the analysis of the files whose name\n"
"                           ends with this text (after a leading '+': in the\n"
"                           whole-program passes only)\n"
"  ALLOCSCAN_TEST_PAUSE     (tests) non-empty: with --diff or --rewrite, stop\n"
"                           (SIGSTOP) after the scan, before any file is read\n"
"                           again or written; SIGCONT resumes\n"
"\n"
"Examples:\n"
"  allocscan src/\n"
"  allocscan -p build/ --rules ruby --format sarif -o allocscan.sarif\n"
"  allocscan file.c -- -Iinclude -DNDEBUG\n",
	      out);
	/* clang-format on */
}

static int parse_jobs(const char *s, int *out)
{
	char *end;
	long v = strtol(s, &end, 10);

	if (!*s || *end || v < 1 || v > 1024)
		return -1;
	*out = (int)v;
	return 0;
}

/* merge reports on units analysed already: what decides an analysis (the
 * inputs, packs, flags, config) was the build's; fixing is a scan's. */
static int merge_check(const struct as_cli *cli, int dashes, struct as_error *err)
{
	const char *refused = cli->compdb             ? "-p/--compdb"
			      : cli->nrules           ? "--rules"
			      : cli->no_default_rules ? "--no-default-rules"
			      : cli->config           ? "--config"
			      : cli->print_config     ? "--print-config"
			      : cli->per_unit         ? "--per-unit"
			      : cli->explain          ? "--explain-summary"
			      : cli->diff             ? "--diff"
			      : cli->rewrite          ? "--rewrite"
			      : cli->instrument       ? "--instrument"
			      : dashes                ? "-- CLANG-ARG"
						      : NULL;

	if (refused)
		return as_error_set(err, "merge reports on the units analysed in the build: %s is not for it (run "
					 "allocscan -p BUILD-DIR)",
				    refused);
	if (cli->npaths != 1)
		return as_error_set(err, "merge takes one folder of unit files (ALLOCSCAN_OUT), not %d", cli->npaths);
	return 0;
}

int as_cli_parse(struct as_cli *cli, int argc, char **argv, struct as_error *err)
{
	enum { OPT_COMPDB = 256,
	       OPT_RULES,
	       OPT_NO_DEFAULT,
	       OPT_FORMAT,
	       OPT_COLOR,
	       OPT_VERSION,
	       OPT_DIFF,
	       OPT_REWRITE,
	       OPT_FIX,
	       OPT_MIN_VALUE,
	       OPT_PER_UNIT,
	       OPT_TIMEOUT,
	       OPT_NO_ISOLATE,
	       OPT_NO_CACHE,
	       OPT_BASELINE,
	       OPT_WRITE_BASELINE,
	       OPT_CONFIG,
	       OPT_PRINT_CONFIG,
	       OPT_EXPLAIN,
	       OPT_INSTRUMENT,
	       OPT_PROFILE,
	       OPT_EXPORT_FIXES };
	static const struct option longs[] = {
		{ "compdb", required_argument, NULL, OPT_COMPDB },
		{ "rules", required_argument, NULL, OPT_RULES },
		{ "no-default-rules", no_argument, NULL, OPT_NO_DEFAULT },
		{ "format", required_argument, NULL, OPT_FORMAT },
		{ "output", required_argument, NULL, 'o' },
		{ "color", required_argument, NULL, OPT_COLOR },
		{ "colour", required_argument, NULL, OPT_COLOR },
		{ "quiet", no_argument, NULL, 'q' },
		{ "verbose", no_argument, NULL, 'v' },
		{ "jobs", required_argument, NULL, 'j' },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, OPT_VERSION },
		{ "diff", no_argument, NULL, OPT_DIFF },
		{ "rewrite", no_argument, NULL, OPT_REWRITE },
		{ "fix", required_argument, NULL, OPT_FIX },
		{ "min-value", required_argument, NULL, OPT_MIN_VALUE },
		{ "per-unit", no_argument, NULL, OPT_PER_UNIT },
		{ "timeout", required_argument, NULL, OPT_TIMEOUT },
		{ "no-isolate", no_argument, NULL, OPT_NO_ISOLATE },
		{ "no-cache", no_argument, NULL, OPT_NO_CACHE },
		{ "baseline", required_argument, NULL, OPT_BASELINE },
		{ "write-baseline", required_argument, NULL, OPT_WRITE_BASELINE },
		{ "config", required_argument, NULL, OPT_CONFIG },
		{ "print-config", required_argument, NULL, OPT_PRINT_CONFIG },
		{ "explain-summary", required_argument, NULL, OPT_EXPLAIN },
		{ "instrument", no_argument, NULL, OPT_INSTRUMENT },
		{ "profile", required_argument, NULL, OPT_PROFILE },
		{ "export-fixes", required_argument, NULL, OPT_EXPORT_FIXES },
		{ NULL, 0, NULL, 0 },
	};
	int split, c, timeout_given = 0, merge = argc > 1 && !strcmp(argv[1], "merge");

	memset(cli, 0, sizeof *cli);
	/* merge's options are parsed as allocscan's, after its name. */
	if (merge) {
		argc--;
		argv++;
	}
	split = argc;
	cli->merge = merge;
	cli->timeout = AS_DEFAULT_TIMEOUT;
	for (int i = 1; i < argc; i++)
		if (!strcmp(argv[i], "--")) {
			split = i;
			break;
		}
	cli->rules = calloc((size_t)argc + 1, sizeof *cli->rules);
	cli->profiles = calloc((size_t)argc + 1, sizeof *cli->profiles);
	if (!cli->rules || !cli->profiles)
		return as_error_set(err, "out of memory");
	opterr = 0;
	optind = 1;
	while ((c = getopt_long(split, argv, ":p:o:j:qvh", longs, NULL)) != -1) {
		switch (c) {
		case 'p':
		case OPT_COMPDB:
			if (cli->compdb)
				return as_error_set(err, "-p and --compdb may be given once");
			cli->compdb = optarg;
			break;
		case OPT_RULES:
			cli->rules[cli->nrules++] = optarg;
			break;
		case OPT_NO_DEFAULT:
			cli->no_default_rules = 1;
			break;
		case OPT_FORMAT:
			if (!strcmp(optarg, "text"))
				cli->format = AS_FORMAT_TEXT;
			else if (!strcmp(optarg, "json"))
				cli->format = AS_FORMAT_JSON;
			else if (!strcmp(optarg, "sarif"))
				cli->format = AS_FORMAT_SARIF;
			else
				return as_error_set(err, "unknown format '%s' (text, json, sarif)", optarg);
			break;
		case 'o':
			cli->output = optarg;
			break;
		case OPT_COLOR:
			if (!strcmp(optarg, "auto"))
				cli->color = AS_COLOR_AUTO;
			else if (!strcmp(optarg, "always"))
				cli->color = AS_COLOR_ALWAYS;
			else if (!strcmp(optarg, "never"))
				cli->color = AS_COLOR_NEVER;
			else
				return as_error_set(err, "--color takes auto, always or never, not '%s'", optarg);
			break;
		case 'q':
			cli->quiet = 1;
			break;
		case 'v':
			cli->verbose = 1;
			break;
		case OPT_BASELINE:
			cli->baseline = optarg;
			break;
		case OPT_WRITE_BASELINE:
			cli->write_baseline = optarg;
			break;
		case OPT_CONFIG:
			cli->config = optarg;
			break;
		case OPT_PRINT_CONFIG:
			cli->print_config = optarg;
			break;
		case 'j':
			if (parse_jobs(optarg, &cli->jobs))
				return as_error_set(err, "-j takes a number of jobs from 1 to 1024, not '%s'", optarg);
			break;
		case 'h':
			cli->help = 1;
			return 0;
		case OPT_VERSION:
			cli->version = 1;
			return 0;
		case OPT_DIFF:
			cli->diff = 1;
			break;
		case OPT_REWRITE:
			cli->rewrite = 1;
			break;
		case OPT_FIX:
			cli->fix = optarg;
			break;
		case OPT_PER_UNIT:
			cli->per_unit = 1;
			break;
		case OPT_NO_ISOLATE:
			cli->no_isolate = 1;
			break;
		case OPT_NO_CACHE:
			cli->no_cache = 1;
			break;
		case OPT_EXPLAIN:
			cli->explain = optarg;
			break;
		case OPT_INSTRUMENT:
			cli->instrument = 1;
			break;
		case OPT_PROFILE:
			cli->profiles[cli->nprofiles++] = optarg;
			break;
		case OPT_EXPORT_FIXES:
			cli->export_fixes = optarg;
			break;
		case OPT_TIMEOUT: {
			char *end;
			long v = strtol(optarg, &end, 10);
			if (!*optarg || *end || v < 0 || v > 86400)
				return as_error_set(err, "--timeout takes a number of seconds from 0 to 86400, not '%s'",
						    optarg);
			cli->timeout = (unsigned)v;
			timeout_given = 1;
			break;
		}
		case OPT_MIN_VALUE: {
			char *end;
			long v = strtol(optarg, &end, 10);
			if (!*optarg || *end || v < 0 || v > 100)
				return as_error_set(err, "--min-value takes a number from 0 to 100, not '%s'", optarg);
			cli->min_value = (int)v;
			break;
		}
		case ':':
			return as_error_set(err, "option '%s' needs a value", argv[optind - 1]);
		default:
			return as_error_set(err, "unknown option '%s'", argv[optind - 1]);
		}
	}
	cli->paths = argv + optind;
	cli->npaths = split - optind;
	if (split < argc) {
		cli->extra = argv + split + 1;
		cli->nextra = argc - split - 1;
	}
	if (cli->write_baseline && (cli->diff || cli->rewrite))
		return as_error_set(err, "--write-baseline records a scan: not with --diff or --rewrite");
	if (cli->diff && cli->rewrite)
		return as_error_set(err, "--diff and --rewrite exclude each other");
	if (timeout_given && cli->no_isolate)
		return as_error_set(err, "--timeout needs worker processes: drop --no-isolate");
	if (cli->explain && (cli->diff || cli->rewrite))
		return as_error_set(err, "--explain-summary prints summaries only: drop --diff/--rewrite");
	if (timeout_given && cli->explain)
		return as_error_set(err, "--explain-summary runs in-process: drop --timeout");
	if (cli->export_fixes && (cli->diff || cli->rewrite || cli->instrument || cli->explain))
		return as_error_set(err, "--export-fixes records a scan's fixes: not with --diff, --rewrite, --instrument "
					 "or --explain-summary");
	if (cli->fix && !cli->diff && !cli->rewrite && !cli->export_fixes)
		return as_error_set(err, "--fix applies to --diff, --rewrite or --export-fixes");
	if (cli->instrument && (cli->rewrite || cli->fix || cli->write_baseline || cli->explain))
		return as_error_set(err, "--instrument inserts probes only: not with --rewrite, --fix, --write-baseline or "
					 "--explain-summary (--diff previews them)");
	/* A SARIF or JSON consumer handed a patch would fail far from here. */
	if (cli->format != AS_FORMAT_TEXT && (cli->diff || cli->rewrite || cli->instrument))
		return as_error_set(err, "--format %s is for reports: --diff prints a patch, --rewrite and --instrument "
					 "edit files (--export-fixes FILE gives the fixes as data)",
				    cli->format == AS_FORMAT_JSON ? "json" : "sarif");
	if (cli->nprofiles && (cli->diff || cli->rewrite || cli->instrument))
		return as_error_set(err, "--profile ranks a report: not with --diff, --rewrite or --instrument");
	if (merge)
		return merge_check(cli, split < argc, err);
	if (!cli->npaths && !cli->compdb && !cli->print_config)
		return as_error_set(err, "no input: give files or directories to scan, or -p BUILD-DIR");
	return 0;
}

void as_cli_free(struct as_cli *cli)
{
	free(cli->rules);
	free(cli->profiles);
}
