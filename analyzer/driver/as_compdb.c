/* as_compdb.c - jobs from a compile_commands.json: each entry's own flags
 * and working directory, the compiler, -c, -o and dependency flags dropped
 * (as_compile_flags, which allocscan-cc uses on the command it wraps). */
#include "as_file.h"
#include "as_job.h"

#include <cjson/cJSON.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* Flags that name an output, or make a dependency file, with a value. */
static int drops_with_value(const char *a)
{
	return !strcmp(a, "-o") || !strcmp(a, "-MF") || !strcmp(a, "-MT") || !strcmp(a, "-MQ");
}

static int drops_alone(const char *a)
{
	return !strcmp(a, "-c") || !strcmp(a, "-M") || !strcmp(a, "-MM") || !strcmp(a, "-MD") ||
	       !strcmp(a, "-MMD") || !strcmp(a, "-MP") || !strcmp(a, "-MG") || !strcmp(a, "--") ||
	       !strncmp(a, "-o", 2) || !strncmp(a, "-MF", 3) || !strncmp(a, "-MT", 3) || !strncmp(a, "-MQ", 3);
}

int as_compile_flags(char *const *words, int nw, const char *absdir, const char *absfile, char **flags)
{
	int nf = 0;

	/* words[0] is the compiler. */
	for (int i = 1; i < nw; i++) {
		char *abs;
		if (drops_with_value(words[i])) {
			i++;
			continue;
		}
		if (drops_alone(words[i]))
			continue;
		abs = as_path_join(absdir, words[i]);
		if (abs && !strcmp(abs, absfile)) {
			free(abs);
			continue;
		}
		free(abs);
		flags[nf++] = words[i];
	}
	return nf;
}

static int under(const char *path, const char *root)
{
	size_t n = strlen(root);

	while (n > 1 && root[n - 1] == '/')
		n--;
	return !strncmp(path, root, n) && (path[n] == '/' || path[n] == '\0');
}

static int entry_words(const cJSON *e, char ***words)
{
	const cJSON *args = cJSON_GetObjectItemCaseSensitive(e, "arguments");
	const cJSON *cmd = cJSON_GetObjectItemCaseSensitive(e, "command"), *it;
	int n = 0;

	if (cJSON_IsArray(args)) {
		*words = calloc((size_t)cJSON_GetArraySize(args) + 1, sizeof **words);
		if (!*words)
			return -1;
		cJSON_ArrayForEach(it, args) {
			if (!cJSON_IsString(it) || !((*words)[n] = strdup(it->valuestring)))
				return n ? -n - 1 : -1;
			n++;
		}
		return n;
	}
	if (cJSON_IsString(cmd))
		return as_shell_split(cmd->valuestring, words);
	return -1;
}

int as_compdb_load(struct as_jobs *j, const char *path, char *const *filter, int nfilter, struct as_error *err)
{
	char cwd[PATH_MAX], *dbpath, *text, *dbdir;
	struct stat st;
	cJSON *root, *e;
	const char *end = NULL;
	int rc = -1, index = 0;
	char **abs_filter = NULL;

	if (!getcwd(cwd, sizeof cwd))
		return as_error_set(err, "cannot get the current directory: %s", strerror(errno));
	if (stat(path, &st))
		return as_error_set(err, "%s: %s", path, strerror(errno));
	dbpath = S_ISDIR(st.st_mode) ? as_path_join(path, "compile_commands.json") : strdup(path);
	if (!dbpath)
		return as_error_set(err, "out of memory");
	text = as_file_read(dbpath, NULL, err);
	if (!text) {
		free(dbpath);
		return -1;
	}
	{
		char *abs = as_path_join(cwd, dbpath), *slash = abs ? strrchr(abs, '/') : NULL;
		if (!slash) {
			free(abs);
			free(text);
			free(dbpath);
			return as_error_set(err, "out of memory");
		}
		*slash = '\0';
		dbdir = abs;
	}
	root = cJSON_ParseWithOpts(text, &end, 0);
	if (!cJSON_IsArray(root)) {
		int line = 1;
		for (const char *p = text; root == NULL && end && p < end; p++)
			line += *p == '\n';
		as_error_set(err, "%s:%d: %s", dbpath, root ? 1 : line,
			     root ? "a compile database must be a JSON array" : "malformed JSON");
		goto out;
	}
	abs_filter = calloc((size_t)nfilter + 1, sizeof *abs_filter);
	for (int i = 0; abs_filter && i < nfilter; i++) {
		abs_filter[i] = as_path_join(cwd, filter[i]);
		if (as_jobs_add_root(j, abs_filter[i]))
			goto oom;
	}
	if (!abs_filter)
		goto oom;
	cJSON_ArrayForEach(e, root) {
		const cJSON *dir = cJSON_GetObjectItemCaseSensitive(e, "directory");
		const cJSON *file = cJSON_GetObjectItemCaseSensitive(e, "file");
		char **words = NULL, **flags, *absdir, *absfile;
		int nw, nf, keep = nfilter == 0;

		index++;
		if (!cJSON_IsString(dir) || !cJSON_IsString(file)) {
			as_error_set(err, "%s: entry %d has no \"directory\" or \"file\" string", dbpath, index);
			goto out;
		}
		nw = entry_words(e, &words);
		if (nw < 0) {
			as_error_set(err, "%s: entry %d (%s) has no usable \"arguments\" or \"command\"", dbpath, index,
				     file->valuestring);
			if (words)
				for (int i = 0; i < -nw - 1; i++)
					free(words[i]);
			free(words);
			goto out;
		}
		/* A relative directory is the database's own (as clang's tools
		 * read it), wherever allocscan runs. */
		absdir = as_path_join(dbdir, dir->valuestring);
		absfile = absdir ? as_path_join(absdir, file->valuestring) : NULL;
		flags = calloc((size_t)nw + 1, sizeof *flags);
		if (!absdir || !absfile || !flags) {
			free(absdir);
			free(absfile);
			free(flags);
			goto oom;
		}
		for (int i = 0; i < nfilter && !keep; i++)
			keep = under(absfile, abs_filter[i]);
		nf = as_compile_flags(words, nw, absdir, absfile, flags);
		if (keep) {
			size_t n = strlen(absfile);
			/* A mixed project's C++ and assembly units are no error. */
			if (n < 2 || strcmp(absfile + n - 2, ".c")) {
				j->not_c++;
			} else if (access(absfile, R_OK)) {
				fprintf(stderr, "allocscan: skipping %s: %s\n", absfile, strerror(errno));
				j->skipped++;
			} else if (as_jobs_add(j, absfile, absdir, flags, nf)) {
				keep = -1;
			}
		}
		for (int i = 0; i < nw; i++)
			free(words[i]);
		free(words);
		free(flags);
		free(absdir);
		free(absfile);
		if (keep < 0)
			goto oom;
	}
	rc = 0;
	goto out;
oom:
	as_error_set(err, "out of memory");
out:
	for (int i = 0; abs_filter && i < nfilter; i++)
		free(abs_filter[i]);
	free(abs_filter);
	cJSON_Delete(root);
	free(text);
	free(dbpath);
	free(dbdir);
	return rc;
}

/* The compile_commands.json in dir or the nearest directory above it, as
 * clang's tools look it up; malloc'd, NULL if none. */
static char *find_up(const char *dir)
{
	char *d = strdup(dir);

	while (d) {
		char *db = as_path_join(d, "compile_commands.json");
		char *slash = strrchr(d, '/');
		struct stat st;
		if (db && !stat(db, &st) && S_ISREG(st.st_mode)) {
			free(d);
			return db;
		}
		free(db);
		if (!slash || slash == d) {
			free(d);
			return NULL;
		}
		*slash = '\0';
	}
	return NULL;
}

int as_compdb_beside(struct as_jobs *j, int *used, struct as_error *err)
{
	char cwd[PATH_MAX];
	char **dbs = calloc(j->n + 1, sizeof *dbs);
	int rc = 0;

	*used = 0;
	if (!dbs || !getcwd(cwd, sizeof cwd)) {
		free(dbs);
		return as_error_set(err, "cannot get the current directory: %s", strerror(errno));
	}
	for (size_t i = 0; i < j->n && !rc; i++) {
		char *abs = as_path_join(j->v[i].dir, j->v[i].file);
		char *slash = abs ? strrchr(abs, '/') : NULL;
		if (slash) {
			*slash = '\0';
			dbs[i] = find_up(*abs ? abs : "/");
		}
		free(abs);
	}
	/* One load of each database found, limited to its named files. */
	for (size_t i = 0; i < j->n && !rc; i++) {
		struct as_jobs found = { 0 };
		char **files;
		int nf = 0;
		if (!dbs[i])
			continue;
		if (!(files = calloc(j->n + 1, sizeof *files))) {
			rc = as_error_set(err, "out of memory");
			break;
		}
		for (size_t k = i; k < j->n; k++)
			if (dbs[k] && !strcmp(dbs[k], dbs[i]))
				files[nf++] = j->v[k].file;
		rc = as_compdb_load(&found, dbs[i], files, nf, err);
		free(files);
		/* Each named file its database has an entry for takes that entry's
		 * flags and directory; the others keep the defaults. */
		for (size_t k = i; k < j->n && !rc; k++) {
			char *abs;
			if (!dbs[k] || strcmp(dbs[k], dbs[i]))
				continue;
			abs = as_path_join(j->v[k].dir, j->v[k].file);
			for (size_t e = 0; abs && e < found.n; e++)
				if (!strcmp(found.v[e].file, abs)) {
					struct as_job t = j->v[k];
					j->v[k] = found.v[e];
					j->v[k].program = t.program;
					found.v[e] = t;
					*used = 1;
					break;
				}
			free(abs);
			if (k != i) {
				free(dbs[k]);
				dbs[k] = NULL;
			}
		}
		j->skipped += found.skipped;
		as_jobs_free(&found);
	}
	for (size_t i = 0; i < j->n; i++)
		free(dbs[i]);
	free(dbs);
	return rc;
}
