/* as_scan.c - the worker pool, one libclang unit at a time per worker:
 * threads of this process, or worker processes (as_isolate.h) whose results
 * come back over a pipe with the same content. */
#include "as_scan.h"

#include "as_flags.h"

#include <clang-c/Index.h>
#include <limits.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "as_detect.h"
#include "as_facts.h"
#include "as_header_probe.h"
#include "as_isolate.h"
#include "as_portable.h"
#include "as_summary.h"
#include "as_tu.h"

#define AS_MAX_DIAGS 10
/* Rounds of the whole-program pass: links of a helper chain across units. */
#define AS_PROGRAM_ROUNDS 4

/* A unit's keys in the cache (as_cache.h); n 0: none. */
struct cached {
	struct as_wire key;   /* of its first pass */
	struct as_wire ident; /* its identity, once its files are known */
	struct as_wire round; /* of this round's result */
};

struct pool {
	const struct as_jobs *jobs;
	const struct as_scan_opts *opts;
	const size_t *todo; /* this pass's jobs, by index */
	size_t ntodo;
	int first;    /* the first pass parses every job and reports */
	int portable; /* paths marked for a merge (as_portable.h) */
	struct as_result *res;
	const struct as_program *programs; /* by job program; NULL: none yet */
	const int *whole;                  /* by job program: it has more than one unit */
	struct cached *cached;             /* by job, when the cache is on */
	atomic_size_t next, done;
	atomic_int oom;
	pthread_mutex_t print;
	CXIndex child_index; /* a worker process's own, made on its first job */
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

static const char *relative_to(struct unit *u, const char *path, const char *base)
{
	return as_path_below(u->job->dir, path, base, u->display, sizeof u->display);
}

/* Paths as a user reads them: relative to where allocscan runs if below it. */
static const char *display_path(void *ctx, const char *path)
{
	struct unit *u = ctx;

	if (u->pool->portable)
		return as_portable_path(AS_PORTABLE_DISPLAY, u->job->dir, path, u->display, sizeof u->display);
	return relative_to(u, path, u->pool->cwd);
}

static const char *site_path(void *ctx, const char *path)
{
	struct unit *u = ctx;

	if (u->pool->portable)
		return as_portable_path(AS_PORTABLE_SITE, u->job->dir, path, u->display, sizeof u->display);
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
	if (as_facts_worth(&u->tu, c) && !as_facts_build(&fn, &u->tu, c)) {
		for (int i = 0; i < as_ndetectors; i++) {
			u->sink.rule = &as_detectors[i];
			as_detectors[i].run(&fn, &u->sink);
		}
		as_check_pack_calls(&fn, &u->sink);
	}
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

/* One error as a compiler prints it, with paths as findings show them, and
 * naming the unit: "unit: error: ..." when clang gives no place (a driver
 * error about a flag), "(in unit)" after one placed in another file. */
static void print_diagnostic(struct unit *u, CXDiagnostic d, const char *unit, FILE *log)
{
	CXSourceLocation loc = clang_getDiagnosticLocation(d);
	CXString text = clang_getDiagnosticSpelling(d), opt = clang_getDiagnosticOption(d, NULL);
	const char *o = clang_getCString(opt);
	CXFile f;
	unsigned line, col;
	int fatal = clang_getDiagnosticSeverity(d) == CXDiagnostic_Fatal;

	clang_getSpellingLocation(loc, &f, &line, &col, NULL);
	if (f) {
		CXString name = clang_getFileName(f);
		const char *path = display_path(u, clang_getCString(name));
		int other = strcmp(path, unit) != 0;
		fprintf(log, "%s:%u:%u: %s: %s", path, line, col, fatal ? "fatal error" : "error",
			clang_getCString(text));
		if (o && *o)
			fprintf(log, " [%s]", o);
		if (other)
			fprintf(log, " (in unit %s)", unit);
		clang_disposeString(name);
	} else {
		fprintf(log, "%s: %s: %s", unit, fatal ? "fatal error" : "error", clang_getCString(text));
		if (o && *o)
			fprintf(log, " [%s]", o);
	}
	fputc('\n', log);
	clang_disposeString(text);
	clang_disposeString(opt);
}

static int report_diagnostics(struct unit *u, FILE *log)
{
	unsigned n = clang_getNumDiagnostics(u->tu.tu), shown = 0;
	char unit[PATH_MAX];
	int errors = 0;

	snprintf(unit, sizeof unit, "%s", display_path(u, u->job->file));
	for (unsigned i = 0; i < n; i++) {
		CXDiagnostic d = clang_getDiagnostic(u->tu.tu, i);
		enum CXDiagnosticSeverity s = clang_getDiagnosticSeverity(d);
		if (s >= CXDiagnostic_Error) {
			errors++;
			if (shown++ < AS_MAX_DIAGS)
				print_diagnostic(u, d, unit, log);
		}
		clang_disposeDiagnostic(d);
	}
	if (shown > AS_MAX_DIAGS)
		fprintf(log, "allocscan: %u more errors in %s\n", shown - AS_MAX_DIAGS, unit);
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

/* Test hook: a crash in our own analysis of the units whose file name
 * ends with $ALLOCSCAN_TEST_CRASH; with a leading '+', in the whole-program
 * passes only. */
static void crash_hook(const char *file, int first)
{
	const char *end = getenv("ALLOCSCAN_TEST_CRASH");
	size_t n, len = strlen(file);

	if (!end || (*end == '+' && first))
		return;
	end += *end == '+';
	n = strlen(end);
	if (n && len >= n && !strcmp(file + len - n, end))
		raise(SIGSEGV);
}

/* Summaries, exports and findings of a parsed unit, into r. Later passes
 * see the other units' functions through the program table. */
static void analyse(struct unit *u, struct as_result *r)
{
	struct pool *p = u->pool;
	int whole = p->whole[u->job->program];

	crash_hook(u->job->file, p->first);
	u->tu.rules = p->opts->rules;
	u->tu.callees = &r->callees;
	u->tu.program = p->programs && whole ? &p->programs[u->job->program] : NULL;
	if (p->first && whole && as_summary_callees(&u->tu, &r->callees))
		atomic_store(&p->oom, 1);
	as_summaries_build(&u->tu);
	if (p->opts->explain && p->first) {
		pthread_mutex_lock(&p->print);
		if (p->opts->progress)
			fputs("\r\033[K", stderr);
		*p->opts->explained += as_summary_explain(&u->tu, p->opts->explain, stdout);
		fflush(stdout);
		pthread_mutex_unlock(&p->print);
	}
	if (whole) {
		as_exports_free(&r->exports);
		if (as_summary_exports(&u->tu, &r->exports))
			atomic_store(&p->oom, 1);
	}
	as_findings_free(&r->found);
	as_findings_init(&r->found);
	as_names_free(&r->notices);
	u->sink.notices = &r->notices;
	u->sink.unit_clean = r->clean;
	u->sink.list = &r->found;
	u->sink.display = display_path;
	u->sink.site = site_path;
	u->sink.display_ctx = u;
	clang_visitChildren(clang_getTranslationUnitCursor(u->tu.tu), top_level, u);
	r->allocs = u->tu.allocs_seen;
	as_rules_free(&u->tu.summaries);
	for (size_t i = 0; i < u->tu.ngrowers; i++)
		as_grower_free(&u->tu.growers[i]);
	free(u->tu.growers);
	as_unit_rebinds_free(&u->tu);
	as_arena_free(&u->tu.arena);
	for (size_t i = 0; i < u->tu.nfiles; i++) {
		free(u->tu.files[i].dirs);
		free(u->tu.files[i].lines);
	}
	free(u->tu.files);
}

/* A unit whose <asrt/asrt.h> is a project's own header gets no fix: the
 * include the rewriter adds would bring in that header instead. */
static void check_runtime_header(struct unit *u, CXIndex idx, const char **argv, int argc,
				 struct as_findings *found)
{
	char *other = NULL, *reason;
	size_t i;

	for (i = 0; i < found->n && !found->v[i].nfixits; i++)
		;
	if (i == found->n ||
	    as_probe_runtime_header(idx, u->job->dir, (const char *const *)argv, argc, &other) != AS_PROBE_OTHER)
		return;
	for (i = 0; i < found->n; i++) {
		if (!found->v[i].nfixits)
			continue;
		reason = NULL;
		if (asprintf(&reason, "in this unit <asrt/asrt.h> is %s, not libasrt's header: the include the fix adds would name it",
			     other ? display_path(u, other) : "a project's own header") < 0)
			reason = NULL;
		as_finding_refuse(&found->v[i], reason);
	}
	free(other);
}

/* Job i's result into the cache: a first pass with the files it read
 * (its identity found then), a round's under the key of its inputs. */
static void store(struct pool *p, size_t i, const struct as_cache_deps *deps)
{
	struct cached *c = &p->cached[i];

	if (!p->first) {
		as_cache_put(p->opts->cache, &c->round, NULL, &p->res[i]);
		return;
	}
	as_cache_ident(&c->key, deps, &c->ident);
	as_cache_put(p->opts->cache, &c->key, deps, &p->res[i]);
}

/* Parses and analyses one job into its result; messages go to log.
 * Returns libclang's status. */
static enum CXErrorCode scan_one(struct pool *p, CXIndex idx, size_t index, FILE *log)
{
	const struct as_job *job = &p->jobs->v[index];
	const struct as_scan_opts *o = p->opts;
	struct as_result *r = &p->res[index];
	int nargs = job->nargs + o->nextra + 6, k = 0;
	const char **argv = calloc((size_t)nargs, sizeof *argv);
	char wd[PATH_MAX + 32];
	struct unit u = { .pool = p, .job = job };
	struct as_cache_deps deps = { 0 };
	enum CXErrorCode rc;
	int keep;

	if (!argv) {
		r->failed = 1;
		return CXError_Failure;
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
	/* Last in the search order, so that rewritten code parses: its
	 * <asrt/asrt.h> is found unless the project has an asrt/ of its own. */
	if (o->asrt_include) {
		argv[k++] = "-idirafter";
		argv[k++] = o->asrt_include;
	}
	rc = clang_parseTranslationUnit2(idx, job->file, argv, k, NULL, 0,
					 CXTranslationUnit_KeepGoing, &u.tu.tu);
	/* A later pass parses the same text again: what the first pass said
	 * about it stands, and a failure now keeps the first pass's findings. */
	if (rc != CXError_Success) {
		if (p->first) {
			fprintf(log, "allocscan: %s: %s\n", display_path(&u, job->file), error_words(rc));
			r->failed = 1;
		}
		free(argv);
		return rc;
	}
	if (p->first) {
		r->clean = !report_diagnostics(&u, log);
		r->failed = !r->clean;
		r->parsed = 1;
	}
	u.tu.unoptimised = as_flags_unoptimised(argv, k);
	if (r->parsed)
		analyse(&u, r);
	/* A unit with errors is parsed again each time: its messages are
	 * not kept, and a file it could not find may appear. */
	keep = p->cached && r->parsed &&
	       (p->first ? r->clean && !as_cache_deps_of(o->cache, u.tu.tu, job->dir, &deps) : p->cached[index].round.n);
	clang_disposeTranslationUnit(u.tu.tu);
	if (r->parsed)
		check_runtime_header(&u, idx, argv, k, &r->found);
	if (keep && !atomic_load(&p->oom))
		store(p, index, &deps);
	as_cache_deps_free(&deps);
	free(argv);
	return rc;
}

/* A unit's messages, whole, above the progress line. */
static void say(struct pool *p, const char *text)
{
	if (!text || !*text)
		return;
	pthread_mutex_lock(&p->print);
	if (p->opts->progress)
		fputs("\r\033[K", stderr);
	fputs(text, stderr);
	pthread_mutex_unlock(&p->print);
}

static void *worker(void *arg)
{
	struct pool *p = arg;
	CXIndex idx = clang_createIndex(0, 0);
	size_t i;

	while ((i = atomic_fetch_add(&p->next, 1)) < p->ntodo) {
		char *text = NULL;
		size_t len = 0;
		FILE *log = open_memstream(&text, &len);

		progress(p, p->jobs->v[p->todo[i]].file);
		scan_one(p, idx, p->todo[i], log ? log : stderr);
		if (log)
			fclose(log);
		say(p, text);
		free(text);
		atomic_fetch_add(&p->done, 1);
	}
	clang_disposeIndex(idx);
	return NULL;
}

/* In a worker process: the job's result and messages, as bytes. A unit
 * libclang crashed on (and recovered from) ends the worker: its state is
 * not to be trusted after that. */
static int isolated_run(void *ctx, size_t index, struct as_wire *w)
{
	struct pool *p = ctx;
	struct as_result *r = &p->res[index];
	char *text = NULL;
	size_t len = 0;
	FILE *log = open_memstream(&text, &len);
	enum CXErrorCode rc;

	if (!p->child_index)
		p->child_index = clang_createIndex(0, 0);
	rc = scan_one(p, p->child_index, index, log ? log : stderr);
	if (log)
		fclose(log);
	as_wire_put_int(w, atomic_load(&p->oom));
	r->log = text;
	as_wire_put_result(w, r);
	r->log = NULL;
	free(text);
	if (p->first && p->cached) {
		as_wire_put_int(w, (long long)p->cached[index].ident.n);
		as_wire_put(w, p->cached[index].ident.p, p->cached[index].ident.n);
	}
	return rc == CXError_Crashed;
}

static void isolated_started(void *ctx, size_t index)
{
	struct pool *p = ctx;

	progress(p, p->jobs->v[index].file);
}

/* The worker's result replaces the unit's, as a thread's would. */
static void isolated_done(void *ctx, size_t index, struct as_wire_in *in)
{
	struct pool *p = ctx;
	struct as_result *r = &p->res[index];

	if (as_wire_get_int(in))
		atomic_store(&p->oom, 1);
	as_wire_get_result(in, r);
	if (p->first && p->cached) {
		struct as_wire *ident = &p->cached[index].ident;
		long long n = as_wire_get_int(in);
		if (n < 0 || (unsigned long long)n > in->n - in->off)
			in->bad = 1;
		else {
			as_wire_put(ident, in->p + in->off, (size_t)n);
			in->off += (size_t)n;
		}
	}
	say(p, r->log);
	free(r->log);
	r->log = NULL;
	if (in->bad)
		atomic_store(&p->oom, 1);
	atomic_fetch_add(&p->done, 1);
}

/* A unit that crashed or hung: named, counted, never parsed again; in a
 * later pass its earlier findings stand. */
static void isolated_lost(void *ctx, size_t index, const char *why)
{
	struct pool *p = ctx;
	struct as_result *r = &p->res[index];
	const struct as_job *job = &p->jobs->v[index];
	char line[2 * PATH_MAX + 256], path[PATH_MAX];

	snprintf(line, sizeof line, "allocscan: %s: %s; skipped\n",
		 as_path_below(job->dir, job->file, p->cwd, path, sizeof path), why);
	say(p, line);
	r->failed = r->lost = 1;
	r->parsed = 0;
	atomic_fetch_add(&p->done, 1);
}

/* Runs the pool's workers over its todo list. */
static int run_pass(struct pool *p, struct as_error *err)
{
	int n = p->opts->jobs > 0 ? p->opts->jobs : 1, started = 0;
	pthread_t *t;

	atomic_store(&p->next, 0);
	atomic_store(&p->done, 0);
	if (!p->ntodo)
		return 0;
	if (p->opts->isolate) {
		struct as_isolate_ops ops = { p, isolated_run, isolated_started, isolated_done, isolated_lost };
		int rc = as_isolate_run(p->todo, p->ntodo, n, p->opts->timeout, &ops, err);
		if (p->opts->progress)
			fputs("\r\033[K", stderr);
		return rc;
	}
	if ((size_t)n > p->ntodo)
		n = p->ntodo ? (int)p->ntodo : 1;
	t = calloc((size_t)n, sizeof *t);
	for (int i = 0; t && i < n; i++)
		started += !as_thread_start(&t[i], worker, p);
	if (!started)
		worker(p);
	for (int i = 0; i < started; i++)
		pthread_join(t[i], NULL);
	free(t);
	if (p->opts->progress)
		fputs("\r\033[K", stderr);
	return 0;
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

/* The units of todo[0, n) whose round result the cache holds for the
 * program table they see now take it; the others, returned in todo, are
 * parsed, with their round's key ready for the result. */
static size_t round_from_cache(struct pool *p, size_t *todo, size_t n, struct as_scan_stats *stats)
{
	size_t k = 0;

	for (size_t t = 0; t < n; t++) {
		size_t i = todo[t];
		struct cached *c = &p->cached[i];
		c->round.n = 0;
		if (c->ident.n) {
			as_cache_round_key(&c->ident, &p->programs[p->jobs->v[i].program], &p->res[i].callees,
					   &c->round);
			if (as_cache_get(p->opts->cache, &c->round, &p->res[i], NULL)) {
				stats->cached_rounds++;
				continue;
			}
		}
		todo[k++] = i;
	}
	return k;
}

/* Whole-program rounds: a unit whose callees' summaries changed is parsed
 * again and analysed with the program table; chains of helpers across
 * units take one round per link, up to AS_PROGRAM_ROUNDS. */
static int whole_program(struct pool *p, int nprog, struct as_scan_stats *stats, struct as_error *err)
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
		stats->reparsed += (size_t)n;
		stats->rounds++;
		p->ntodo = p->cached ? round_from_cache(p, todo, (size_t)n, stats) : (size_t)n;
		if (run_pass(p, err))
			rc = -2;
	}
	if (rc == -1 || !progs || !todo)
		rc = as_error_set(err, "out of memory");
	/* Said in the report: a name dropped silently would hide its sites. */
	for (int g = 0; progs && g < nprog; g++)
		for (size_t i = 0; i < progs[g].conflicts.n && !rc; i++)
			if (as_names_add(&stats->conflicts, progs[g].conflicts.v[i], strlen(progs[g].conflicts.v[i])))
				rc = as_error_set(err, "out of memory");
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

/* The first pass given (a merge): each unit's marked paths resolved as
 * this scan names them, its messages printed. */
static int take_given(struct pool *p, struct as_error *err)
{
	for (size_t i = 0; i < p->jobs->n; i++) {
		if (as_portable_resolve(&p->res[i], p->cwd, p->tree))
			return as_error_set(err, "out of memory");
		say(p, p->res[i].log);
		free(p->res[i].log);
		p->res[i].log = NULL;
	}
	return 0;
}

/* What decides job i's first pass, before it is parsed: the tool and its
 * packs (the cache's base), the unit's file, directory and flags, and the
 * scan's options that reach the analysis. */
static void unit_key(const struct pool *p, size_t i, struct as_wire *k)
{
	const struct as_job *job = &p->jobs->v[i];
	const struct as_scan_opts *o = p->opts;

	as_wire_put(k, o->cache->base.p, o->cache->base.n);
	as_wire_put_str(k, job->file);
	as_wire_put_str(k, job->dir);
	as_wire_put_int(k, job->nargs);
	for (int a = 0; a < job->nargs; a++)
		as_wire_put_str(k, job->args[a]);
	as_wire_put_int(k, o->nextra);
	for (int a = 0; a < o->nextra; a++)
		as_wire_put_str(k, o->extra[a]);
	as_wire_put_str(k, o->resource_dir);
	as_wire_put_str(k, o->asrt_include);
	as_wire_put_int(k, p->whole[job->program]);
	/* Paths are reported relative to these, and only functions under
	 * the roots are analysed. */
	as_wire_put_str(k, p->cwd);
	as_wire_put_str(k, p->tree);
	as_wire_put_int(k, (long long)p->jobs->nroots);
	for (size_t r = 0; r < p->jobs->nroots; r++)
		as_wire_put_str(k, p->jobs->roots[r]);
}

/* The first pass of the jobs the cache holds; the others are left in
 * p->todo. */
static int first_from_cache(struct pool *p, size_t *todo, struct as_scan_stats *stats)
{
	size_t n = 0;

	if (!(p->cached = calloc(p->jobs->n, sizeof *p->cached)))
		return -1;
	for (size_t i = 0; i < p->jobs->n; i++) {
		unit_key(p, i, &p->cached[i].key);
		if (as_cache_get(p->opts->cache, &p->cached[i].key, &p->res[i], &p->cached[i].ident))
			stats->cached++;
		else
			todo[n++] = i;
	}
	p->ntodo = n;
	return 0;
}

/* A whole scan; given: the first pass's results, one per job, taken over. */
static int scan(const struct as_jobs *jobs, const struct as_scan_opts *opts, struct as_result *given,
		struct as_findings *out, struct as_scan_stats *stats, struct as_error *err)
{
	struct pool p = { .jobs = jobs, .opts = opts, .first = 1 };
	struct timespec t0, tp, t1;
	size_t *all = malloc((jobs->n + 1) * sizeof *all);
	int nprog = 0, *units = NULL, *whole = NULL, rc = 0;

	p.res = given ? given : calloc(jobs->n + 1, sizeof *p.res);
	if (!getcwd(p.cwd, sizeof p.cwd)) {
		rc = as_error_set(err, "cannot get the current directory");
		goto out;
	}
	for (size_t i = 0; i < jobs->n; i++)
		if (jobs->v[i].program >= nprog)
			nprog = jobs->v[i].program + 1;
	p.tree = as_jobs_common_dir(jobs, p.cwd);
	units = calloc((size_t)nprog + 1, sizeof *units);
	whole = calloc((size_t)nprog + 1, sizeof *whole);
	if (!all || !p.res || !units || !whole || (jobs->n && !p.tree)) {
		rc = as_error_set(err, "out of memory");
		goto out;
	}
	for (size_t i = 0; i < jobs->n; i++) {
		all[i] = i;
		units[jobs->v[i].program]++;
		if (!given)
			as_findings_init(&p.res[i].found);
	}
	for (int g = 0; g < nprog; g++)
		whole[g] = opts->whole_program && units[g] > 1;
	p.whole = whole;
	p.todo = all;
	p.ntodo = jobs->n;
	pthread_mutex_init(&p.print, NULL);
	clock_gettime(CLOCK_MONOTONIC, &t0);
	if (opts->cache && !given && first_from_cache(&p, all, stats))
		rc = as_error_set(err, "out of memory");
	if (!rc)
		rc = given ? take_given(&p, err) : run_pass(&p, err);
	clock_gettime(CLOCK_MONOTONIC, &tp);
	if (!rc)
		rc = whole_program(&p, nprog, stats, err) ? -1 : 0;
	if (!rc && atomic_load(&p.oom))
		rc = as_error_set(err, "out of memory");
	clock_gettime(CLOCK_MONOTONIC, &t1);
	stats->program_seconds = seconds(tp, t1);
	pthread_mutex_destroy(&p.print);
	for (size_t i = 0; i < jobs->n; i++)
		if (as_findings_move(out, &p.res[i].found) && !rc)
			rc = as_error_set(err, "out of memory");
	stats->files = jobs->n;
	for (size_t i = 0; i < jobs->n; i++) {
		stats->failed += (size_t)p.res[i].failed;
		stats->lost += (size_t)p.res[i].lost;
		stats->allocs += p.res[i].allocs;
		for (size_t k = 0; k < p.res[i].notices.n && !rc; k++)
			if (as_names_add(&stats->notices, p.res[i].notices.v[k], strlen(p.res[i].notices.v[k])))
				rc = as_error_set(err, "out of memory");
	}
	as_names_seal(&stats->notices);
	stats->seconds = seconds(t0, t1);
	as_findings_sort(out);
out:
	for (size_t i = 0; p.res && i < jobs->n; i++) {
		as_result_free(&p.res[i]);
		as_findings_free(&p.res[i].found);
	}
	free(p.res);
	for (size_t i = 0; p.cached && i < jobs->n; i++) {
		as_wire_free(&p.cached[i].key);
		as_wire_free(&p.cached[i].ident);
		as_wire_free(&p.cached[i].round);
	}
	free(p.cached);
	free(p.tree);
	free(units);
	free(whole);
	free(all);
	return rc;
}

int as_scan_run(const struct as_jobs *jobs, const struct as_scan_opts *opts, struct as_findings *out,
		struct as_scan_stats *stats, struct as_error *err)
{
	return scan(jobs, opts, NULL, out, stats, err);
}

int as_scan_merge(const struct as_jobs *jobs, const struct as_scan_opts *opts, struct as_result *res,
		  struct as_findings *out, struct as_scan_stats *stats, struct as_error *err)
{
	return scan(jobs, opts, res, out, stats, err);
}

int as_scan_unit(const struct as_jobs *jobs, const struct as_scan_opts *opts, struct as_result *r,
		 struct as_error *err)
{
	/* One unit of a program whose other units it does not see: its
	 * summaries and callees are recorded for the merge. */
	static const int whole = 1;
	struct pool p = { .jobs = jobs, .opts = opts, .first = 1, .portable = 1, .res = r, .whole = &whole };
	char *text = NULL;
	size_t len = 0;
	FILE *log;
	CXIndex idx;

	if (jobs->n != 1 || jobs->v[0].program != 0)
		return as_error_set(err, "a unit scan takes one job");
	if (!(log = open_memstream(&text, &len)))
		return as_error_set(err, "out of memory");
	pthread_mutex_init(&p.print, NULL);
	idx = clang_createIndex(0, 0);
	scan_one(&p, idx, 0, log);
	clang_disposeIndex(idx);
	pthread_mutex_destroy(&p.print);
	if (fclose(log) || atomic_load(&p.oom)) {
		free(text);
		return as_error_set(err, "out of memory");
	}
	r->log = text;
	return 0;
}
