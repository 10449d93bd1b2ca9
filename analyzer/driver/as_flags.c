/* as_flags.c - compile-database flags clang cannot take: -Werror and its
 * kin by name, unknown options by one probe parse of an empty file. */
#include "as_flags.h"

#include <clang-c/Index.h>
#include <stdlib.h>
#include <string.h>

#include "as_names.h"

static int is_error_flag(const char *a)
{
	return !strcmp(a, "-Werror") || !strncmp(a, "-Werror=", 8) || !strcmp(a, "-pedantic-errors");
}

/* Options of one word: those taking a separate value (-include, -isystem,
 * -D NAME, ...) are never probed, nor is the word after them. */
static int probed(const char *a)
{
	return a[0] == '-' && a[1];
}

static int takes_value(const char *a)
{
	static const char *const v[] = { "-include", "-imacros", "-isystem", "-idirafter", "-iquote", "-iprefix",
					 "-isysroot", "-I", "-D", "-U", "-x", "-target", "-Xclang", "-MF", "-MT",
					 "-MQ", "-o", "-arch", "--sysroot", "-mllvm" };

	return AS_NAME_IN(a, v) != NULL;
}

/* The driver's errors that say an option is not clang's, each quoting it. */
static int says_unknown(const char *text)
{
	return !strncmp(text, "unknown argument", 16) || !strncmp(text, "unsupported option", 18) ||
	       strstr(text, "does not support") != NULL;
}

/* The probed options libclang names in such an error about the parse of an
 * empty file. */
static int probe(const struct as_names *cand, const char *resource_dir, struct as_names *unknown)
{
	const char **argv = calloc(cand->n + 3, sizeof *argv);
	struct CXUnsavedFile empty = { "allocscan-probe.c", "", 0 };
	CXIndex idx;
	CXTranslationUnit tu = NULL;
	int k = 0, rc = 0;

	if (!argv)
		return -1;
	if (resource_dir) {
		argv[k++] = "-resource-dir";
		argv[k++] = resource_dir;
	}
	for (size_t i = 0; i < cand->n; i++)
		argv[k++] = cand->v[i];
	idx = clang_createIndex(0, 0);
	if (clang_parseTranslationUnit2(idx, empty.Filename, argv, k, &empty, 1, CXTranslationUnit_KeepGoing, &tu) ==
	    CXError_Success) {
		unsigned n = clang_getNumDiagnostics(tu);
		for (unsigned i = 0; i < n && !rc; i++) {
			CXDiagnostic d = clang_getDiagnostic(tu, i);
			CXString s = clang_getDiagnosticSpelling(d);
			const char *text = clang_getCString(s);
			for (size_t c = 0; c < cand->n && !rc; c++) {
				size_t len = strlen(cand->v[c]);
				const char *q = text;
				while (!rc && says_unknown(text) && (q = strchr(q, '\''))) {
					if (!strncmp(q + 1, cand->v[c], len) && q[1 + len] == '\'')
						rc = as_names_add(unknown, cand->v[c], len);
					q++;
				}
			}
			clang_disposeString(s);
			clang_disposeDiagnostic(d);
		}
		clang_disposeTranslationUnit(tu);
	}
	clang_disposeIndex(idx);
	free(argv);
	as_names_seal(unknown);
	return rc;
}

int as_flags_fit(struct as_jobs *j, const char *resource_dir, FILE *log, struct as_error *err)
{
	struct as_names cand = { 0 }, unknown = { 0 };
	int rc = 0;

	for (size_t i = 0; i < j->n && !rc; i++)
		for (int a = 0; a < j->v[i].nargs && !rc; a++) {
			const char *w = j->v[i].args[a];
			if (takes_value(w))
				a++;
			else if (probed(w) && !is_error_flag(w))
				rc = as_names_add(&cand, w, strlen(w));
		}
	as_names_seal(&cand);
	if (!rc && cand.n)
		rc = probe(&cand, resource_dir, &unknown);
	if (rc) {
		as_names_free(&cand);
		as_names_free(&unknown);
		return as_error_set(err, "out of memory");
	}
	for (size_t i = 0; i < j->n; i++) {
		struct as_job *job = &j->v[i];
		int k = 0;
		for (int a = 0; a < job->nargs; a++) {
			char *w = job->args[a];
			if (takes_value(w) && a + 1 < job->nargs) {
				job->args[k++] = w;
				job->args[k++] = job->args[++a];
			} else if (is_error_flag(w) || as_names_has(&unknown, w, strlen(w))) {
				free(w);
			} else {
				job->args[k++] = w;
			}
		}
		job->nargs = k;
		job->args[k] = NULL;
	}
	if (unknown.n) {
		fprintf(log, "allocscan: note: clang does not know %s", unknown.n == 1 ? "the option" : "the options");
		for (size_t i = 0; i < unknown.n; i++)
			fprintf(log, "%s %s", i ? "," : "", unknown.v[i]);
		fputs(" of the compile database: left out of the parse\n", log);
	}
	as_names_free(&cand);
	as_names_free(&unknown);
	return 0;
}

int as_flags_unoptimised(const char *const *flags, int n)
{
	int unoptimised = 1;

	for (int i = 0; i < n; i++)
		if (flags[i][0] == '-' && flags[i][1] == 'O')
			unoptimised = !strcmp(flags[i], "-O0");
	return unoptimised;
}
