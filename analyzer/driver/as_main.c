/* as_main.c - allocscan: options, rule packs, jobs, scan, report, exit
 * status. Every error becomes one line on stderr and status 2. */
#include <clang-c/Index.h>

#include "as_apply.h"
#include "as_baseline.h"
#include "as_cli.h"
#include "as_config.h"
#include "as_flags.h"
#include "as_install.h"
#include "as_file.h"
#include "as_job.h"
#include "as_output.h"
#include "as_profile.h"
#include "as_leftover.h"
#include "as_report.h"
#include "as_roots.h"
#include "as_rules.h"
#include "as_scan.h"
#include "as_setup.h"
#include "as_suppress.h"
#include "as_unit_file.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* A scan in which no call matched an allocator of the packs found nothing
 * because the packs do not describe the code, not because it is clean:
 * said on stderr and among the notices. -1 out of memory. */
static int say_no_allocator(const struct as_rules *rules, struct as_scan_stats *stats)
{
	char line[1024] = "no call matched an allocator of the loaded packs (";
	size_t n = strlen(line), start = n;

	if (stats->allocs || !stats->files || stats->failed == stats->files)
		return 0;
	for (size_t i = 0; i < rules->nrules; i++) {
		const char *pack = rules->rules[i].pack, *base = strrchr(pack, '/');
		size_t len;
		char name[256];
		base = base ? base + 1 : pack;
		len = strcspn(base, ".");
		snprintf(name, sizeof name, "%.*s", (int)len, base);
		if (!len || rules->rules[i].summary)
			continue;
		if (i && !strcmp(rules->rules[i - 1].pack, pack))
			continue; /* the same pack as the entry before */
		n += (size_t)snprintf(line + n, sizeof line - n, "%s%s", n > start ? ", " : "", name);
		if (n >= sizeof line - 64)
			break;
	}
	snprintf(line + n, sizeof line - n, "); see docs/rules.md to write a pack");
	fprintf(stderr, "allocscan: note: %s\n", line);
	if (as_names_add(&stats->notices, line, strlen(line)))
		return -1;
	as_names_seal(&stats->notices);
	return 0;
}

static int use_color(const struct as_cli *cli, FILE *out)
{
	const char *term = getenv("TERM");
	const char *no_color = getenv("NO_COLOR");

	if (cli->color != AS_COLOR_AUTO)
		return cli->color == AS_COLOR_ALWAYS;
	/* no-color.org: set and not empty. */
	if ((no_color && *no_color) || (term && !strcmp(term, "dumb")))
		return 0;
	return isatty(fileno(out));
}

static int fail(const char *msg)
{
	fprintf(stderr, "allocscan: %s\n", msg);
	return 2;
}

/* "no C source files (*.c) to scan in DIR, ..." naming the paths given. */
static const char *no_sources(const struct as_cli *cli, struct as_error *err)
{
	size_t k = (size_t)snprintf(err->msg, sizeof err->msg, "no C source files (*.c) to scan in");

	for (int i = 0; i < cli->npaths && k < sizeof err->msg; i++)
		k += (size_t)snprintf(err->msg + k, sizeof err->msg - k, "%s %s", i ? "," : "", cli->paths[i]);
	return err->msg;
}

/* Findings silenced by comments in the scanned files (their paths as
 * findings name them: relative to the current directory when below it) or
 * in the files the findings are in. */
static int suppress(const struct as_jobs *jobs, struct as_findings *found, struct as_suppressions *sup,
		    struct as_error *err)
{
	char cwd[PATH_MAX], **files = calloc(jobs->n + 1, sizeof *files);
	size_t n = strlen(getcwd(cwd, sizeof cwd) ? cwd : ""), k = 0;
	int rc = 0;

	if (!files)
		return as_error_set(err, "out of memory");
	for (size_t i = 0; i < jobs->n; i++) {
		char *p = as_path_join(jobs->v[i].dir, jobs->v[i].file);
		if (p && n > 1 && !strncmp(p, cwd, n) && p[n] == '/')
			memmove(p, p + n + 1, strlen(p + n + 1) + 1);
		if (p)
			files[k++] = p;
	}
	rc = as_suppress_apply(found, files, k, sup, stderr, err);
	for (size_t i = 0; i < k; i++)
		free(files[i]);
	free(files);
	return rc;
}

/* Temporaries of an interrupted --rewrite beside the scanned files and the
 * files with findings: --rewrite removes them, the other modes report them. */
static int leftovers(const struct as_jobs *jobs, const struct as_findings *found, int remove, struct as_error *err)
{
	struct as_sweep s = { .remove = remove, .log = stderr };
	int rc = 0;

	for (size_t i = 0; i < jobs->n && !rc; i++) {
		char *p = as_path_join(jobs->v[i].dir, jobs->v[i].file);

		rc = p ? as_sweep_dir_of(&s, p, err) : as_error_set(err, "out of memory");
		free(p);
	}
	for (size_t i = 0; i < found->n && !rc; i++)
		rc = as_sweep_dir_of(&s, found->v[i].file, err);
	as_sweep_free(&s);
	return rc;
}

/* --diff and --rewrite: the fixes of the findings instead of a report. */
static int fix(const struct as_cli *cli, const struct as_findings *found, const struct as_scan_stats *stats,
	       FILE *out)
{
	struct as_apply_opts ao = { cli->rewrite || (cli->instrument && !cli->diff), AS_FIX_ALL, cli->quiet,
				    cli->instrument, 0, NULL, 0 };
	struct as_apply_stats st;
	struct as_error err = { { 0 } };
	size_t manual = 0;

	char **roots = NULL;
	size_t nroots = 0;
	int rc;

	if (cli->fix && as_fix_classes(cli->fix, &ao.classes, &err))
		return fail(err.msg);
	if (ao.write && as_roots_of(cli->paths, cli->npaths, cli->compdb, &roots, &nroots, &err))
		return fail(err.msg);
	ao.roots = roots;
	ao.nroots = nroots;
	rc = as_apply_fixes(found, &ao, out, &st, &err);
	as_roots_free(roots, nroots);
	if (rc)
		return fail(err.msg);
	if (cli->instrument) {
		size_t without = st.probes_left;
		for (size_t i = 0; i < found->n; i++)
			without += !found->v[i].nprobes;
		fprintf(stderr, "allocscan: %s%zu site%s %s %zu file%s, %zu refused, %zu without a probe (%zu files scanned)\n",
			ao.write ? "" : "the diff instruments ", st.sites_fixed, st.sites_fixed == 1 ? "" : "s",
			ao.write ? "instrumented in" : "in", st.files_changed, st.files_changed == 1 ? "" : "s",
			st.sites_refused, without, stats->files);
		if (fflush(out) || ferror(out))
			return fail("cannot write the diff");
		return stats->failed || st.sites_refused ? 2 : 0;
	}
	for (size_t i = 0; i < found->n; i++)
		manual += !strcmp(found->v[i].fix, "manual");
	/* --diff changes nothing: it says what the diff would fix. */
	fprintf(stderr, "allocscan: %s%zu site%s %s %zu file%s, %zu refused, %zu left manual (%zu files scanned)\n",
		cli->rewrite ? "" : "the diff fixes ", st.sites_fixed, st.sites_fixed == 1 ? "" : "s",
		cli->rewrite ? "fixed in" : "in", st.files_changed, st.files_changed == 1 ? "" : "s", st.sites_refused,
		manual, stats->files);
	if (cli->rewrite && st.sites_fixed && !cli->quiet)
		fputs("allocscan: link the rewritten code with asrt_core: make: $(pkg-config --cflags --libs asrt_core); "
		      "CMake: find_package(asrt), asrt::asrt_core\n",
		      stderr);
	if (fflush(out) || ferror(out))
		return fail("cannot write the diff");
	return stats->failed || st.sites_refused ? 2 : 0;
}

/* The findings --rewrite would fix, in the list's order (SARIF's fixes,
 * --export-fixes). */
struct ready {
	const struct as_findings *found;
	struct as_ready_fix *v;
};

static int mark_ready(const struct as_fix_file *ff, void *ctx, struct as_error *err)
{
	struct ready *r = ctx;

	for (size_t i = 0; i < ff->nfixed; i++) {
		struct as_ready_fix *x = &r->v[ff->fixed[i] - r->found->v];
		x->ready = 1;
		x->first = i == 0;
		x->include.begin = (unsigned)ff->include.begin;
		x->include.end = (unsigned)ff->include.end; /* a blank line it takes the place of */
		if (ff->include.text && !(x->include.text = strdup(ff->include.text)))
			return as_error_set(err, "out of memory");
	}
	return 0;
}

static void ready_free(struct as_ready_fix *v, size_t n)
{
	for (size_t i = 0; v && i < n; i++)
		free(v[i].include.text);
	free(v);
}

/* What --rewrite would do, for the report; NULL with err filled on failure. */
static struct as_ready_fix *ready_fixes(const struct as_cli *cli, const struct as_findings *found,
					struct as_error *err)
{
	struct as_apply_opts ao = { 0, AS_FIX_ALL, 1, 0, !cli->export_fixes, NULL, 0 };
	struct as_apply_stats st;
	struct ready r = { found, calloc(found->n + 1, sizeof *r.v) };

	if (!r.v) {
		as_error_set(err, "out of memory");
		return NULL;
	}
	if ((cli->fix && as_fix_classes(cli->fix, &ao.classes, err)) || as_fixes_each(found, &ao, mark_ready, &r, &st, err)) {
		ready_free(r.v, found->n);
		return NULL;
	}
	return r.v;
}

struct yaml_of {
	const struct as_findings *found;
	const struct as_ready_fix *fixes;
	struct as_error *err;
};

static int fixes_fill(FILE *out, void *ctx)
{
	struct yaml_of *y = ctx;

	return as_report_fixes_yaml(out, y->found, y->fixes, y->err);
}

static int profile_fill(FILE *out, void *ctx)
{
	return as_profile_write(out, ctx);
}

/* allocscan profile-merge [-o OUT] PROFILE...: one profile of them all. */
static int profile_merge(int argc, char **argv)
{
	struct as_profile p = { 0 };
	struct as_error err = { { 0 } };
	const char *to = NULL;
	int rc = 0, n = 0;

	for (int i = 2; i < argc && !rc; i++) {
		if (!strcmp(argv[i], "-o") || !strcmp(argv[i], "--output")) {
			if (++i == argc || to) {
				fprintf(stderr, "allocscan: profile-merge: -o takes one file, once\n");
				rc = 2;
			}
			to = i < argc ? argv[i] : NULL;
			continue;
		}
		if (as_profile_load(&p, argv[i], &err))
			rc = fail(err.msg);
		n++;
	}
	if (!rc && !n) {
		fprintf(stderr, "allocscan: profile-merge: no profiles given\n"
				"usage: allocscan profile-merge [-o OUT] PROFILE...\n");
		rc = 2;
	}
	if (!rc && (to ? as_file_replace(to, "the profile", profile_fill, &p, &err) : as_profile_write(stdout, &p)))
		rc = fail(to ? err.msg : "cannot write the profile");
	if (!rc)
		fprintf(stderr, "allocscan: merged %d profile%s: %zu sites, %llu runs\n", n, n == 1 ? "" : "s", p.n,
			p.runs);
	as_profile_free(&p);
	return rc;
}

/* --profile: each finding gets its counts; what matched is said once. */
static int join_profiles(const struct as_cli *cli, struct as_findings *found)
{
	struct as_profile p = { 0 };
	struct as_profile_join j;
	struct as_error err = { { 0 } };
	int rc = 0;

	for (int i = 0; i < cli->nprofiles && !rc; i++)
		if (as_profile_load(&p, cli->profiles[i], &err))
			rc = fail(err.msg);
	if (!rc && as_profile_attach(&p, found, &j))
		rc = fail("out of memory");
	if (!rc)
		fprintf(stderr,
			"allocscan: profile: %zu site%s matched, %zu ignored (%zu whose code changed, %zu not among the "
			"findings); %zu finding%s never reached\n",
			j.matched, j.matched == 1 ? "" : "s", j.changed + j.unknown, j.changed, j.unknown, j.unreached,
			j.unreached == 1 ? "" : "s");
	as_profile_free(&p);
	return rc;
}

/* The packs and jobs of a scan: from the paths or compile database named,
 * and the configs that cover them; the packs' identity in *ids. */
static int scan_inputs(const struct as_cli *cli, struct as_rules *rules, char **ids, struct as_jobs *jobs,
		       struct as_configs *configs, struct as_error *err)
{
	const char **packs = NULL;
	int npacks = 0, found_db = 0, rc = 0;

	if (!cli->no_default_rules && as_setup_pack(rules, "libc", ids, err))
		return -1;
	for (int i = 0; i < cli->nrules; i++)
		if (as_setup_pack(rules, cli->rules[i], ids, err))
			return -1;
	if (cli->compdb ? as_compdb_load(jobs, cli->compdb, cli->paths, cli->npaths, err)
			: as_discover_paths(jobs, cli->paths, cli->npaths, err))
		return -1;
	if (!cli->compdb && as_compdb_beside(jobs, &found_db, err))
		return -1;
	if (as_config_jobs(configs, jobs, &packs, &npacks, stderr, err))
		return -1;
	for (int i = 0; i < npacks && !rc; i++)
		rc = as_setup_pack(rules, packs[i], ids, err);
	free(packs);
	if (!rc && (cli->compdb || found_db) && as_flags_fit(jobs, as_setup_resource_dir(), stderr, err))
		rc = -1;
	return rc;
}

/* allocscan merge DIR: the jobs and first-pass results of DIR's unit files,
 * and the packs they were analysed with (the configs applied already). */
static int merge_units(const struct as_cli *cli, struct as_rules *rules, struct as_jobs *jobs,
		       struct as_result **given, struct as_error *err)
{
	char *ids = NULL;
	int rc = as_unit_dir_read(cli->paths[0], jobs, given, &ids, err) || as_setup_packs_of(rules, ids, err);

	free(ids);
	return rc ? -1 : 0;
}

/* The cache serves scans that report: a rewrite or instrumentation writes
 * sources from this run's parse only; a merge's first pass is the build's;
 * --explain-summary prints as each unit is analysed; a unit made to crash
 * (a test) must be analysed. */
static int use_cache(const struct as_cli *cli, const struct as_result *given)
{
	return !cli->no_cache && !cli->rewrite && !cli->instrument && !cli->explain && !given &&
	       !getenv("ALLOCSCAN_TEST_CRASH");
}

int main(int argc, char **argv)
{
	struct as_cli cli;
	struct as_error err = { { 0 } };
	struct as_rules rules = { 0 };
	struct as_jobs jobs = { 0 };
	struct as_findings found;
	struct as_scan_stats stats = { 0 };
	struct as_scan_opts so = { 0 };
	struct as_suppressions sup = { 0 };
	struct as_baseline base = { 0 };
	struct as_configs configs = { 0 };
	struct as_ready_fix *ready = NULL;
	struct as_result *given = NULL; /* merge: the units' first pass */
	struct as_cache cache = { 0 };
	char *packs = NULL; /* the packs' identity */
	FILE *out = stdout;
	struct as_output report = { 0 };
	long cores = sysconf(_SC_NPROCESSORS_ONLN);
	/* written: the report (or patch) in out is whole, to be put in place. */
	int rc = 2, cwd = -1, explained = 0, status, written = 0;

	if (argc > 1 && !strcmp(argv[1], "profile-merge"))
		return profile_merge(argc, argv);
	as_findings_init(&found);
	if (as_cli_parse(&cli, argc, argv, &err)) {
		fprintf(stderr, "allocscan: %s\nTry 'allocscan --help' for more information.\n", err.msg);
		goto out;
	}
	if (cli.help) {
		as_cli_help(stdout);
		rc = 0;
		goto out;
	}
	if (cli.version) {
		printf("allocscan %s (libclang: %s)\n", AS_VERSION, clang_getCString(clang_getClangVersion()));
		rc = 0;
		goto out;
	}
	configs.forced = cli.config;
	if (cli.print_config) {
		rc = as_config_print(&configs, cli.print_config, stdout, &err) ? fail(err.msg) : 0;
		goto out;
	}
	if (cli.baseline && as_baseline_load(&base, cli.baseline, &err)) {
		rc = fail(err.msg);
		goto out;
	}
	if (cli.merge ? merge_units(&cli, &rules, &jobs, &given, &err) : scan_inputs(&cli, &rules, &packs, &jobs, &configs, &err)) {
		rc = fail(err.msg);
		goto out;
	}
	if (!jobs.n) {
		rc = fail(cli.compdb ? "no C translation units to scan in the compile database" : no_sources(&cli, &err));
		goto out;
	}
	if (cli.output) {
		if (as_output_open(&report, cli.output, &jobs, &err)) {
			rc = fail(err.msg);
			goto out;
		}
		out = report.f;
	}
	so.jobs = cli.jobs ? cli.jobs : cores > 0 ? (int)cores
						  : 1;
	so.rules = &rules;
	so.extra = cli.extra;
	so.nextra = cli.nextra;
	so.whole_program = !cli.per_unit;
	so.isolate = !cli.no_isolate;
	so.timeout = cli.timeout;
	so.explain = cli.explain;
	so.explained = &explained;
	/* Summaries are printed as each unit is analysed, in this process. */
	if (cli.explain)
		so.isolate = 0;
	so.progress = !cli.quiet && isatty(STDERR_FILENO);
	so.resource_dir = as_setup_resource_dir();
	so.asrt_include = as_install_asrt_include();
	if (use_cache(&cli, given)) {
		if (as_cache_open(&cache, packs, &err)) {
			rc = fail(err.msg);
			goto out;
		}
		if (!cache.dir && cli.verbose)
			fprintf(stderr, "allocscan: note: %s\n", err.msg);
		so.cache = cache.dir ? &cache : NULL;
	}
	/* libclang changes the process's directory to each unit's
	 * -working-directory; the paths reported and rewritten are relative
	 * to where allocscan runs. */
	cwd = open(".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (cwd < 0) {
		rc = fail("cannot open the current directory");
		goto out;
	}
	rc = given ? as_scan_merge(&jobs, &so, given, &found, &stats, &err) : as_scan_run(&jobs, &so, &found, &stats, &err);
	given = NULL;
	if (rc) {
		rc = fail(err.msg);
		goto out;
	}
	if (fchdir(cwd) < 0) {
		rc = fail("cannot return to the current directory");
		goto out;
	}
	if (so.cache && stats.files - stats.cached + stats.reparsed - stats.cached_rounds)
		as_cache_trim(so.cache);
	if (so.cache && cli.verbose)
		fprintf(stderr, "allocscan: cache: %zu of %zu units and %zu of %zu later analyses from the cache (%zu entries unreadable)\n",
			stats.cached, stats.files, stats.cached_rounds, stats.reparsed, cache.bad);
	if (cli.explain) {
		if (!explained)
			fprintf(stderr, "allocscan: no scanned unit defines %s\n", cli.explain);
		rc = explained ? 0 : 1;
		goto out;
	}
	if (leftovers(&jobs, &found, cli.rewrite || (cli.instrument && !cli.diff), &err)) {
		rc = fail(err.msg);
		goto out;
	}
	stats.skipped = (size_t)jobs.skipped;
	stats.not_c = (size_t)jobs.not_c;
	if (say_no_allocator(&rules, &stats)) {
		rc = fail("out of memory");
		goto out;
	}
	if (as_fold_callers(&found)) {
		rc = fail("out of memory");
		goto out;
	}
	if (cli.min_value)
		as_findings_keep_value(&found, cli.min_value);
	if (as_config_findings(&configs, &found, stderr, &err) || suppress(&jobs, &found, &sup, &err)) {
		rc = fail(err.msg);
		goto out;
	}
	stats.suppressed = &sup;
	/* The baseline written holds every finding, old and new. */
	if (cli.write_baseline && as_baseline_write(cli.write_baseline, &found, AS_VERSION, &err)) {
		rc = fail(err.msg);
		goto out;
	}
	if (cli.baseline)
		as_baseline_filter(&base, &found, &stats.baselined);
	if (cli.diff || cli.rewrite || cli.instrument) {
		/* Test hook: stopped between the scan and the writes, so a test
		 * can change a file there or time a kill into the write phase. */
		if (getenv("ALLOCSCAN_TEST_PAUSE") && *getenv("ALLOCSCAN_TEST_PAUSE"))
			raise(SIGSTOP);
		rc = fix(&cli, &found, &stats, out);
		written = 1;
		goto out;
	}
	if (cli.nprofiles && join_profiles(&cli, &found)) {
		rc = 2;
		goto out;
	}
	if ((cli.format == AS_FORMAT_SARIF || cli.export_fixes) && !(ready = ready_fixes(&cli, &found, &err))) {
		rc = fail(err.msg);
		goto out;
	}
	if (cli.export_fixes) {
		struct yaml_of y = { &found, ready, &err };
		if (as_file_replace(cli.export_fixes, "the fixes", fixes_fill, &y, &err)) {
			rc = fail(err.msg);
			goto out;
		}
	}
	/* The status this run exits with, unless writing the report fails. */
	status = stats.failed || stats.skipped ? 2 : found.n && !cli.write_baseline ? 1
										    : 0;
	switch (cli.format) {
	case AS_FORMAT_TEXT: {
		struct as_report_opts ro = { use_color(&cli, out), NULL, cli.verbose };
		as_report_text(out, &found, &stats, &ro);
		/* With -o the report's own summary line is in the file. */
		if (cli.output)
			as_report_summary(stderr, &found, &stats);
		break;
	}
	case AS_FORMAT_JSON:
		as_report_json(out, &found, &stats);
		as_report_summary(stderr, &found, &stats);
		break;
	case AS_FORMAT_SARIF: {
		struct as_sarif_run run = { AS_VERSION, status, ready, as_install_docs_url() };
		as_report_sarif(out, &found, &stats, &run);
		as_report_summary(stderr, &found, &stats);
		break;
	}
	}
	if (cli.verbose)
		for (size_t i = 0; i < stats.notices.n; i++)
			fprintf(stderr, "allocscan: note: %s\n", stats.notices.v[i]);
	else if (stats.notices.n > !stats.allocs)
		fprintf(stderr, "allocscan: note: %zu %s the analysis could not model left unchecked (-v lists them)\n",
			stats.notices.n - !stats.allocs, stats.notices.n - !stats.allocs == 1 ? "site" : "sites");
	if (!report.tmp && (fflush(out) || ferror(out))) {
		rc = fail("cannot write the report");
		goto out;
	}
	rc = status;
	written = 1;
out:
	ready_free(ready, found.n);
	if (cwd >= 0)
		close(cwd);
	if (report.f && !written)
		as_output_abandon(&report);
	else if (report.f && as_output_commit(&report, &err))
		rc = fail(err.msg);
	as_findings_free(&found);
	as_suppressions_free(&sup);
	as_baseline_free(&base);
	for (size_t i = 0; given && i < jobs.n; i++) {
		as_result_free(&given[i]);
		as_findings_free(&given[i].found);
	}
	free(given);
	as_configs_free(&configs);
	as_cache_close(&cache);
	free(packs);
	as_scan_stats_free(&stats);
	as_jobs_free(&jobs);
	as_rules_free(&rules);
	as_cli_free(&cli);
	return rc;
}
