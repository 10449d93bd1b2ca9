/* as_scan.c - the worker pool, one libclang unit at a time per worker. */
#include "as_scan.h"

#include <clang-c/Index.h>
#include <limits.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "as_detect.h"
#include "as_facts.h"
#include "as_summary.h"
#include "as_tu.h"

#define AS_MAX_DIAGS 10
/* Rounds of the whole-program pass: links of a helper chain across units. */
#define AS_PROGRAM_ROUNDS 4

/* One job's outcome, kept from pass to pass. */
struct result {
	struct as_findings found;
	struct as_exports exports; /* whole-program scans only */
	struct as_names callees;
	int parsed, clean;
};

struct pool {
	const struct as_jobs *jobs;
	const struct as_scan_opts *opts;
	const size_t *todo; /* this pass's jobs, by index */
	size_t ntodo;
	int first;          /* the first pass parses every job and reports */
	struct result *res;
	const struct as_program *programs; /* by job program; NULL: none yet */
	const int *whole;   /* by job program: it has more than one unit */
	atomic_size_t next, done, failed;
	atomic_int oom;
	pthread_mutex_t print;
	char cwd[PATH_MAX];
	char *tree; /* the directory holding every scanned file */
};

struct unit {
	struct pool *pool;
	const struct as_job *job;
	struct as_tu tu;
	struct as_sink sink;
	char display[PATH_MAX];
};

/* path relative to base if below it, else absolute; in u->display. */
static const char *relative_to(struct unit *u, const char *path, const char *base)
{
	char *norm = as_path_join(u->job->dir, path);
	size_t n = base ? strlen(base) : 0;

	if (!norm)
		return path;
	if (n > 1 && !strncmp(norm, base, n) && norm[n] == '/')
		snprintf(u->display, sizeof u->display, "%s", norm + n + 1);
	else
		snprintf(u->display, sizeof u->display, "%s", norm);
	free(norm);
	return u->display;
}

/* Paths as a user reads them: relative to where allocscan runs if below it. */
static const char *display_path(void *ctx, const char *path)
{
	struct unit *u = ctx;

	return relative_to(u, path, u->pool->cwd);
}

static const char *site_path(void *ctx, const char *path)
{
	struct unit *u = ctx;

	return relative_to(u, path, u->pool->tree);
}

static int in_scope(struct unit *u, CXCursor c)
{
	CXSourceLocation loc = clang_getCursorLocation(c);
	const struct as_jobs *j = u->pool->jobs;
	CXFile f;
	CXString name;
	char *abs;
	int ok = 0;

	if (clang_Location_isInSystemHeader(loc) || as_loc_file(loc, &f, &(unsigned){ 0 }))
		return 0;
	if (!j->nroots)
		return 1;
	name = clang_getFileName(f);
	abs = as_path_join(u->job->dir, clang_getCString(name));
	clang_disposeString(name);
	for (size_t i = 0; abs && i < j->nroots && !ok; i++) {
		char *root = as_path_join(u->pool->cwd, j->roots[i]);
		size_t n = root ? strlen(root) : 0;
		ok = root && !strncmp(abs, root, n) && (abs[n] == '/' || abs[n] == '\0' || !strcmp(root, "/"));
		free(root);
	}
	free(abs);
	return ok;
}

static enum CXChildVisitResult top_level(CXCursor c, CXCursor parent, CXClientData data)
{
	struct unit *u = data;
	struct as_fn fn;

	(void)parent;
	if (clang_getCursorKind(c) != CXCursor_FunctionDecl || !clang_isCursorDefinition(c) || !in_scope(u, c))
		return CXChildVisit_Continue;
	if (as_facts_worth(&u->tu, c) && !as_facts_build(&fn, &u->tu, c))
		for (int i = 0; i < as_ndetectors; i++)
			as_detectors[i].run(&fn, &u->sink);
	as_arena_reset(&u->tu.arena);
	return CXChildVisit_Continue;
}

static const char *error_words(enum CXErrorCode e)
{
	switch (e) {
	case CXError_Success: return "success";
	case CXError_Failure: return "libclang could not parse it";
	case CXError_Crashed: return "libclang crashed on it";
	case CXError_InvalidArguments: return "invalid arguments";
	case CXError_ASTReadError: return "AST read error";
	}
	return "unknown libclang error";
}

static int report_diagnostics(struct unit *u)
{
	unsigned n = clang_getNumDiagnostics(u->tu.tu), shown = 0;
	int errors = 0;

	for (unsigned i = 0; i < n; i++) {
		CXDiagnostic d = clang_getDiagnostic(u->tu.tu, i);
		enum CXDiagnosticSeverity s = clang_getDiagnosticSeverity(d);
		if (s >= CXDiagnostic_Error) {
			errors++;
			if (shown++ < AS_MAX_DIAGS) {
				CXString t = clang_formatDiagnostic(d, clang_defaultDiagnosticDisplayOptions());
				fprintf(stderr, "%s\n", clang_getCString(t));
				clang_disposeString(t);
			}
		}
		clang_disposeDiagnostic(d);
	}
	if (shown > AS_MAX_DIAGS)
		fprintf(stderr, "allocscan: %u more errors in %s\n", shown - AS_MAX_DIAGS, u->job->file);
	return errors;
}

static void progress(struct pool *p, const char *file)
{
	size_t done = atomic_load(&p->done);

	if (!p->opts->progress)
		return;
	pthread_mutex_lock(&p->print);
	fprintf(stderr, "\r\033[K[%zu/%zu]%s %s", done, p->ntodo, p->first ? "" : " (program)", file);
	fflush(stderr);
	pthread_mutex_unlock(&p->print);
}

/* Summaries, exports and findings of a parsed unit, into r. Later passes
 * see the other units' functions through the program table. */
static void analyse(struct unit *u, struct result *r)
{
	struct pool *p = u->pool;
	int whole = p->whole[u->job->program];

	u->tu.rules = p->opts->rules;
	u->tu.callees = &r->callees;
	u->tu.program = p->programs && whole ? &p->programs[u->job->program] : NULL;
	if (p->first && whole && as_summary_callees(&u->tu, &r->callees))
		atomic_store(&p->oom, 1);
	as_summaries_build(&u->tu);
	if (whole) {
		as_exports_free(&r->exports);
		if (as_summary_exports(&u->tu, &r->exports))
			atomic_store(&p->oom, 1);
	}
	as_findings_free(&r->found);
	as_findings_init(&r->found);
	u->sink.unit_clean = r->clean;
	u->sink.list = &r->found;
	u->sink.display = display_path;
	u->sink.site = site_path;
	u->sink.display_ctx = u;
	clang_visitChildren(clang_getTranslationUnitCursor(u->tu.tu), top_level, u);
	as_rules_free(&u->tu.summaries);
	for (size_t i = 0; i < u->tu.ngrowers; i++)
		as_grower_free(&u->tu.growers[i]);
	free(u->tu.growers);
	as_arena_free(&u->tu.arena);
	free(u->tu.files);
}

static void scan_one(struct pool *p, CXIndex idx, size_t index)
{
	const struct as_job *job = &p->jobs->v[index];
	const struct as_scan_opts *o = p->opts;
	struct result *r = &p->res[index];
	int nargs = job->nargs + o->nextra + 6, k = 0;
	const char **argv = calloc((size_t)nargs, sizeof *argv);
	char wd[PATH_MAX + 32];
	struct unit u = { .pool = p, .job = job };
	enum CXErrorCode rc;

	if (!argv) {
		atomic_fetch_add(&p->failed, 1);
		return;
	}
	/* Relative -I and file names in a compile database are relative to
	 * the entry's directory; threads share one cwd, so tell clang instead. */
	snprintf(wd, sizeof wd, "-working-directory=%s", job->dir);
	argv[k++] = wd;
	if (o->resource_dir) {
		argv[k++] = "-resource-dir";
		argv[k++] = o->resource_dir;
	}
	for (int i = 0; i < job->nargs; i++)
		argv[k++] = job->args[i];
	for (int i = 0; i < o->nextra; i++)
		argv[k++] = o->extra[i];
	/* Last in the search order: a project's own asrt.h wins. */
	if (o->asrt_include) {
		argv[k++] = "-idirafter";
		argv[k++] = o->asrt_include;
	}
	progress(p, job->file);
	rc = clang_parseTranslationUnit2(idx, job->file, argv, k, NULL, 0,
					 CXTranslationUnit_KeepGoing, &u.tu.tu);
	free(argv);
	/* A later pass parses the same text again: what the first pass said
	 * about it stands, and a failure now keeps the first pass's findings. */
	if (rc != CXError_Success) {
		if (p->first) {
			pthread_mutex_lock(&p->print);
			fprintf(stderr, "%sallocscan: %s: %s\n", o->progress ? "\r\033[K" : "", job->file,
				error_words(rc));
			pthread_mutex_unlock(&p->print);
			atomic_fetch_add(&p->failed, 1);
		}
		return;
	}
	if (p->first) {
		pthread_mutex_lock(&p->print);
		if (o->progress)
			fputs("\r\033[K", stderr);
		r->clean = !report_diagnostics(&u);
		if (!r->clean)
			atomic_fetch_add(&p->failed, 1);
		pthread_mutex_unlock(&p->print);
		r->parsed = 1;
	}
	if (r->parsed)
		analyse(&u, r);
	clang_disposeTranslationUnit(u.tu.tu);
}

static void *worker(void *arg)
{
	struct pool *p = arg;
	CXIndex idx = clang_createIndex(0, 0);
	size_t i;

	while ((i = atomic_fetch_add(&p->next, 1)) < p->ntodo) {
		scan_one(p, idx, p->todo[i]);
		atomic_fetch_add(&p->done, 1);
	}
	clang_disposeIndex(idx);
	return NULL;
}

/* Runs the pool's workers over its todo list. */
static void run_pass(struct pool *p)
{
	int n = p->opts->jobs > 0 ? p->opts->jobs : 1, started = 0;
	pthread_t *t;

	if ((size_t)n > p->ntodo)
		n = p->ntodo ? (int)p->ntodo : 1;
	atomic_store(&p->next, 0);
	atomic_store(&p->done, 0);
	t = calloc((size_t)n, sizeof *t);
	for (int i = 0; t && i < n; i++) {
		/* libclang parses deep headers on its worker's stack: give it room. */
		pthread_attr_t attr;
		pthread_attr_init(&attr);
		pthread_attr_setstacksize(&attr, 64u << 20);
		if (!pthread_create(&t[i], &attr, worker, p))
			started++;
		pthread_attr_destroy(&attr);
	}
	if (!started)
		worker(p);
	for (int i = 0; i < started; i++)
		pthread_join(t[i], NULL);
	free(t);
	if (p->opts->progress)
		fputs("\r\033[K", stderr);
}

/* Rebuilds each program's table from its units' exports and lists the units
 * that call a function whose summary changed (all summaries, the first
 * time): the next pass's todo. Returns the count, -1 out of memory. */
static long next_round(struct pool *p, struct as_program *progs, int nprog, size_t *todo)
{
	size_t n = 0;

	for (int g = 0; g < nprog; g++) {
		const struct as_exports **units;
		struct as_program fresh;
		struct as_names changed = { 0 };
		size_t k = 0;

		if (!p->whole[g])
			continue;
		if (!(units = calloc(p->jobs->n, sizeof *units)))
			return -1;
		for (size_t i = 0; i < p->jobs->n; i++)
			if (p->jobs->v[i].program == g)
				units[k++] = &p->res[i].exports;
		if (as_program_build(&fresh, units, k)) {
			free(units);
			return -1;
		}
		free(units);
		if (as_program_changed(&progs[g], &fresh, &changed)) {
			as_names_free(&changed);
			as_program_free(&fresh);
			return -1;
		}
		as_names_seal(&changed);
		for (size_t i = 0; i < p->jobs->n; i++)
			if (p->jobs->v[i].program == g && p->res[i].parsed &&
			    as_names_meet(&p->res[i].callees, &changed))
				todo[n++] = i;
		as_names_free(&changed);
		as_program_free(&progs[g]);
		progs[g] = fresh;
	}
	return (long)n;
}

/* Whole-program rounds: a unit whose callees' summaries changed is parsed
 * again and analysed with the program table; chains of helpers across
 * units take one round per link, up to AS_PROGRAM_ROUNDS. */
static int whole_program(struct pool *p, int nprog, struct as_scan_stats *stats)
{
	struct as_program *progs = calloc((size_t)nprog, sizeof *progs);
	size_t *todo = malloc(p->jobs->n * sizeof *todo);
	int rc = 0;

	p->first = 0;
	p->todo = todo;
	p->programs = progs;
	for (int round = 0; progs && todo && round < AS_PROGRAM_ROUNDS && !rc; round++) {
		long n = next_round(p, progs, nprog, todo);
		if (n <= 0) {
			rc = (int)n;
			break;
		}
		p->ntodo = (size_t)n;
		stats->reparsed += (size_t)n;
		stats->rounds++;
		run_pass(p);
	}
	if (!progs || !todo)
		rc = -1;
	/* Said in the report: a name dropped silently would hide its sites. */
	for (int g = 0; progs && g < nprog; g++)
		for (size_t i = 0; i < progs[g].conflicts.n && !rc; i++)
			rc = as_names_add(&stats->conflicts, progs[g].conflicts.v[i], strlen(progs[g].conflicts.v[i]));
	as_names_seal(&stats->conflicts);
	for (int g = 0; progs && g < nprog; g++)
		as_program_free(&progs[g]);
	free(progs);
	free(todo);
	return rc;
}

static double seconds(struct timespec from, struct timespec to)
{
	return (double)(to.tv_sec - from.tv_sec) + (double)(to.tv_nsec - from.tv_nsec) / 1e9;
}

int as_scan_run(const struct as_jobs *jobs, const struct as_scan_opts *opts, struct as_findings *out,
		struct as_scan_stats *stats, struct as_error *err)
{
	struct pool p = { .jobs = jobs, .opts = opts, .first = 1 };
	struct timespec t0, tp, t1;
	size_t *all = malloc((jobs->n + 1) * sizeof *all);
	int nprog = 0, *units = NULL, *whole = NULL, rc = 0;

	if (!getcwd(p.cwd, sizeof p.cwd)) {
		free(all);
		return as_error_set(err, "cannot get the current directory");
	}
	for (size_t i = 0; i < jobs->n; i++)
		if (jobs->v[i].program >= nprog)
			nprog = jobs->v[i].program + 1;
	p.tree = as_jobs_common_dir(jobs, p.cwd);
	p.res = calloc(jobs->n + 1, sizeof *p.res);
	units = calloc((size_t)nprog + 1, sizeof *units);
	whole = calloc((size_t)nprog + 1, sizeof *whole);
	if (!all || !p.res || !units || !whole || (jobs->n && !p.tree)) {
		rc = as_error_set(err, "out of memory");
		goto out;
	}
	for (size_t i = 0; i < jobs->n; i++) {
		all[i] = i;
		units[jobs->v[i].program]++;
		as_findings_init(&p.res[i].found);
	}
	for (int g = 0; g < nprog; g++)
		whole[g] = opts->whole_program && units[g] > 1;
	p.whole = whole;
	p.todo = all;
	p.ntodo = jobs->n;
	pthread_mutex_init(&p.print, NULL);
	clock_gettime(CLOCK_MONOTONIC, &t0);
	run_pass(&p);
	clock_gettime(CLOCK_MONOTONIC, &tp);
	if (whole_program(&p, nprog, stats) || atomic_load(&p.oom))
		rc = as_error_set(err, "out of memory");
	clock_gettime(CLOCK_MONOTONIC, &t1);
	stats->program_seconds = seconds(tp, t1);
	pthread_mutex_destroy(&p.print);
	for (size_t i = 0; i < jobs->n; i++)
		if (as_findings_move(out, &p.res[i].found) && !rc)
			rc = as_error_set(err, "out of memory");
	stats->files = jobs->n;
	stats->failed = atomic_load(&p.failed);
	stats->seconds = seconds(t0, t1);
	as_findings_sort(out);
out:
	for (size_t i = 0; p.res && i < jobs->n; i++) {
		as_findings_free(&p.res[i].found);
		as_exports_free(&p.res[i].exports);
		as_names_free(&p.res[i].callees);
	}
	free(p.res);
	free(p.tree);
	free(units);
	free(whole);
	free(all);
	return rc;
}
