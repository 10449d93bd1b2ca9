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

struct pool {
	const struct as_jobs *jobs;
	const struct as_scan_opts *opts;
	struct as_findings *out;
	atomic_size_t next, done, failed;
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
	fprintf(stderr, "\r\033[K[%zu/%zu] %s", done, p->jobs->n, file);
	fflush(stderr);
	pthread_mutex_unlock(&p->print);
}

static void scan_one(struct pool *p, CXIndex idx, const struct as_job *job)
{
	const struct as_scan_opts *o = p->opts;
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
	if (rc != CXError_Success) {
		pthread_mutex_lock(&p->print);
		fprintf(stderr, "%sallocscan: %s: %s\n", o->progress ? "\r\033[K" : "", job->file, error_words(rc));
		pthread_mutex_unlock(&p->print);
		atomic_fetch_add(&p->failed, 1);
		return;
	}
	pthread_mutex_lock(&p->print);
	if (o->progress)
		fputs("\r\033[K", stderr);
	u.sink.unit_clean = !report_diagnostics(&u);
	if (!u.sink.unit_clean)
		atomic_fetch_add(&p->failed, 1);
	pthread_mutex_unlock(&p->print);
	u.tu.rules = o->rules;
	u.sink.list = p->out;
	u.sink.display = display_path;
	u.sink.site = site_path;
	u.sink.display_ctx = &u;
	as_summaries_build(&u.tu);
	clang_visitChildren(clang_getTranslationUnitCursor(u.tu.tu), top_level, &u);
	as_rules_free(&u.tu.summaries);
	for (size_t i = 0; i < u.tu.ngrowers; i++) {
		free(u.tu.growers[i].name);
		free(u.tu.growers[i].buffer);
	}
	free(u.tu.growers);
	as_arena_free(&u.tu.arena);
	free(u.tu.files);
	clang_disposeTranslationUnit(u.tu.tu);
}

static void *worker(void *arg)
{
	struct pool *p = arg;
	CXIndex idx = clang_createIndex(0, 0);
	size_t i;

	while ((i = atomic_fetch_add(&p->next, 1)) < p->jobs->n) {
		scan_one(p, idx, &p->jobs->v[i]);
		atomic_fetch_add(&p->done, 1);
	}
	clang_disposeIndex(idx);
	return NULL;
}

int as_scan_run(const struct as_jobs *jobs, const struct as_scan_opts *opts, struct as_findings *out,
		struct as_scan_stats *stats, struct as_error *err)
{
	struct pool p = { .jobs = jobs, .opts = opts, .out = out };
	int n = opts->jobs > 0 ? opts->jobs : 1, started = 0;
	pthread_t *t;
	struct timespec t0, t1;

	if ((size_t)n > jobs->n)
		n = jobs->n ? (int)jobs->n : 1;
	if (!getcwd(p.cwd, sizeof p.cwd))
		return as_error_set(err, "cannot get the current directory");
	p.tree = as_jobs_common_dir(jobs, p.cwd);
	t = calloc((size_t)n, sizeof *t);
	if (!t || (jobs->n && !p.tree)) {
		free(t);
		free(p.tree);
		return as_error_set(err, "out of memory");
	}
	pthread_mutex_init(&p.print, NULL);
	clock_gettime(CLOCK_MONOTONIC, &t0);
	for (int i = 0; i < n; i++) {
		/* libclang parses deep headers on its worker's stack: give it room. */
		pthread_attr_t attr;
		pthread_attr_init(&attr);
		pthread_attr_setstacksize(&attr, 64u << 20);
		if (!pthread_create(&t[i], &attr, worker, &p))
			started++;
		pthread_attr_destroy(&attr);
	}
	if (!started)
		worker(&p);
	for (int i = 0; i < started; i++)
		pthread_join(t[i], NULL);
	clock_gettime(CLOCK_MONOTONIC, &t1);
	if (opts->progress)
		fputs("\r\033[K", stderr);
	pthread_mutex_destroy(&p.print);
	free(t);
	free(p.tree);
	stats->files = jobs->n;
	stats->failed = atomic_load(&p.failed);
	stats->seconds = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9;
	as_findings_sort(out);
	return 0;
}
