/* as_unit_file.c - a unit file: MAGIC, then in the wire format (as_wire.h)
 * the tool's version, the format's number, the packs' identity, the job
 * (file, directory, flags) and the first-pass result. */
#include "as_unit_file.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "as_file.h"
#include "as_grow.h"

#define MAGIC "allocscan-unit\n"
/* Raised whenever what follows the magic changes shape. */
#define FORMAT 1

struct unit_out {
	const struct as_job *job;
	const char *packs;
	const struct as_result *r;
};

static int fill(FILE *out, void *ctx)
{
	const struct unit_out *u = ctx;
	struct as_wire w = { 0 };
	int rc;

	as_wire_put_str(&w, AS_VERSION);
	as_wire_put_int(&w, FORMAT);
	as_wire_put_str(&w, u->packs);
	as_wire_put_str(&w, u->job->file);
	as_wire_put_str(&w, u->job->dir);
	as_wire_put_int(&w, u->job->nargs);
	for (int i = 0; i < u->job->nargs; i++)
		as_wire_put_str(&w, u->job->args[i]);
	as_wire_put_result(&w, u->r);
	rc = w.oom || fputs(MAGIC, out) == EOF || fwrite(w.p, 1, w.n, out) != w.n ? -1 : 0;
	as_wire_free(&w);
	return rc;
}

int as_unit_file_write(const char *path, const struct as_job *job, const char *packs, const struct as_result *r,
		       struct as_error *err)
{
	struct unit_out u = { job, packs, r };

	return as_file_replace(path, "the unit file", fill, &u, err);
}

/* The job and result of one file's bytes into jobs and r; its packs'
 * identity in *packs. */
static int read_unit(const char *path, const char *text, size_t len, struct as_jobs *jobs, struct as_result *r,
		     char **packs, struct as_error *err)
{
	struct as_wire_in in = { text + strlen(MAGIC), len - strlen(MAGIC), 0, 0 };
	char *version, *file, *dir, **args = NULL;
	long long format, nargs;
	int rc = 0;

	if (len < strlen(MAGIC) || memcmp(text, MAGIC, strlen(MAGIC)))
		return as_error_set(err, "%s: not an allocscan unit file", path);
	version = as_wire_get_str(&in);
	format = as_wire_get_int(&in);
	if (!version || strcmp(version, AS_VERSION) || format != FORMAT) {
		as_error_set(err, "%s: written by allocscan %s (unit format %lld), this is %s (format %d): build again",
			     path, version ? version : "?", format, AS_VERSION, FORMAT);
		free(version);
		return -1;
	}
	free(version);
	*packs = as_wire_get_str(&in);
	file = as_wire_get_str(&in);
	dir = as_wire_get_str(&in);
	nargs = as_wire_get_int(&in);
	if (nargs >= 0 && (size_t)nargs <= in.n - in.off && (args = calloc((size_t)nargs + 1, sizeof *args)))
		for (long long i = 0; i < nargs; i++)
			args[i] = as_wire_get_str(&in);
	as_wire_get_result(&in, r);
	/* Anything short, left over or unreadable: one refusal. */
	if (in.bad || in.off != in.n || !*packs || !file || !dir || !args)
		rc = as_error_set(err, "%s: a damaged allocscan unit file", path);
	else if (as_jobs_add(jobs, file, dir, args, (int)nargs))
		rc = as_error_set(err, "out of memory");
	if (rc)
		as_result_free(r);
	for (long long i = 0; args && i < nargs; i++)
		free(args[i]);
	free(args);
	free(file);
	free(dir);
	return rc;
}

static int by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The unit files' names in dir, sorted; their count, -1 with err filled. */
static long list_units(const char *dir, char ***names, struct as_error *err)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	size_t n = 0, cap = 0, sl = strlen(AS_UNIT_SUFFIX);

	*names = NULL;
	if (!d)
		return as_error_set(err, "%s: %s", dir, strerror(errno));
	while ((e = readdir(d))) {
		size_t len = strlen(e->d_name);
		if (e->d_name[0] == '.' || len <= sl || strcmp(e->d_name + len - sl, AS_UNIT_SUFFIX))
			continue;
		if (AS_GROW(*names, n, cap) || !((*names)[n] = as_path_join(dir, e->d_name)))
			break;
		n++;
	}
	closedir(d);
	if (e) {
		for (size_t i = 0; i < n; i++)
			free((*names)[i]);
		free(*names);
		return as_error_set(err, "out of memory");
	}
	qsort(*names, n, sizeof **names, by_name);
	return (long)n;
}

int as_unit_dir_read(const char *dir, struct as_jobs *jobs, struct as_result **res, char **packs,
		     struct as_error *err)
{
	char **names;
	long n = list_units(dir, &names, err);
	int rc = 0;

	*packs = NULL;
	if (n < 0)
		return -1;
	if (!n)
		rc = as_error_set(err, "%s: no unit files (*%s): build with CC=\"allocscan-cc CC\" and ALLOCSCAN_OUT=%s", dir,
				  AS_UNIT_SUFFIX, dir);
	if (!rc && !(*res = calloc((size_t)n, sizeof **res)))
		rc = as_error_set(err, "out of memory");
	for (long i = 0; i < n && !rc; i++) {
		size_t len = 0;
		char *text = as_file_read(names[i], &len, err), *ids = NULL;
		as_findings_init(&(*res)[i].found);
		if (!text || read_unit(names[i], text, len, jobs, &(*res)[i], &ids, err))
			rc = -1;
		else if (*packs && strcmp(*packs, ids))
			rc = as_error_set(err, "%s: analysed with other rule packs than %s: build every unit with the same "
					       "ALLOCSCAN_RULES and .allocscan.json",
					  names[i], names[0]);
		if (!*packs)
			*packs = ids;
		else
			free(ids);
		free(text);
	}
	for (long i = 0; i < n; i++)
		free(names[i]);
	free(names);
	return rc;
}
