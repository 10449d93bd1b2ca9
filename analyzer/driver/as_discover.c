/* as_discover.c - turning command-line paths into jobs: directories walked
 * recursively (symlink loops cut), *.c files kept, every folder holding
 * headers made an include folder. */
#include "as_job.h"

#include "as_grow.h"

#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

struct seen {
	dev_t dev;
	ino_t ino;
};

struct walk {
	char **files;
	size_t nfiles, capfiles;
	char **incdirs;
	size_t nincdirs, capincdirs;
	struct seen *dirs;
	size_t ndirs, capdirs;
	int skipped;
	int *program; /* per file: see as_job.program */
	size_t capprogram;
};

static int has_ext(const char *name, const char *ext)
{
	size_t n = strlen(name), e = strlen(ext);

	return n > e && !strcmp(name + n - e, ext);
}

static int push(char ***v, size_t *n, size_t *cap, const char *s)
{
	if (AS_GROW(*v, *n, *cap) || !((*v)[*n] = strdup(s)))
		return -1;
	(*n)++;
	return 0;
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static void skip(struct walk *w, const char *path, const char *why)
{
	fprintf(stderr, "allocscan: skipping %s: %s\n", path, why);
	w->skipped++;
}

/* What a path that is neither a directory nor a regular file is, for the
 * message that skips it (reading a FIFO would block the scan). */
static const char *special_kind(mode_t m)
{
	if (S_ISFIFO(m))
		return "not a regular file (a FIFO)";
	if (S_ISSOCK(m))
		return "not a regular file (a socket)";
	if (S_ISCHR(m) || S_ISBLK(m))
		return "not a regular file (a device)";
	return "not a regular file";
}

static int walk_dir(struct walk *w, const char *dir, struct as_error *err)
{
	struct stat st;
	DIR *d;
	struct dirent *de;
	int has_headers = 0, rc = 0;
	char **subdirs = NULL;
	size_t nsub = 0, capsub = 0;

	if (stat(dir, &st)) {
		skip(w, dir, strerror(errno));
		return 0;
	}
	for (size_t i = 0; i < w->ndirs; i++)
		if (w->dirs[i].dev == st.st_dev && w->dirs[i].ino == st.st_ino) {
			/* Not an input error: the folder's files are scanned once. */
			fprintf(stderr, "allocscan: skipping %s: directory already visited (symlink loop or second path)\n", dir);
			return 0;
		}
	if (AS_GROW(w->dirs, w->ndirs, w->capdirs))
		return as_error_set(err, "out of memory");
	w->dirs[w->ndirs++] = (struct seen){ st.st_dev, st.st_ino };
	if (!(d = opendir(dir))) {
		skip(w, dir, strerror(errno));
		return 0;
	}
	while ((de = readdir(d))) {
		char *path;
		struct stat fs;
		if (de->d_name[0] == '.')
			continue; /* ., .., and hidden folders such as .git */
		path = as_path_join(dir, de->d_name);
		if (!path) {
			rc = as_error_set(err, "out of memory");
			break;
		}
		if (stat(path, &fs)) {
			/* A dangling symlink is no source; say so only for .c names. */
			if (has_ext(de->d_name, ".c"))
				skip(w, path, strerror(errno));
		} else if (S_ISDIR(fs.st_mode)) {
			if (push(&subdirs, &nsub, &capsub, path))
				rc = as_error_set(err, "out of memory");
		} else if (S_ISREG(fs.st_mode) && has_ext(de->d_name, ".c")) {
			if (access(path, R_OK))
				skip(w, path, strerror(errno));
			else if (push(&w->files, &w->nfiles, &w->capfiles, path))
				rc = as_error_set(err, "out of memory");
		} else if (!S_ISREG(fs.st_mode) && has_ext(de->d_name, ".c")) {
			skip(w, path, special_kind(fs.st_mode));
		} else if (S_ISREG(fs.st_mode) && has_ext(de->d_name, ".h")) {
			has_headers = 1;
		}
		free(path);
		if (rc)
			break;
	}
	closedir(d);
	if (!rc && has_headers && push(&w->incdirs, &w->nincdirs, &w->capincdirs, dir))
		rc = as_error_set(err, "out of memory");
	if (nsub)
		qsort(subdirs, nsub, sizeof *subdirs, cmp_str);
	for (size_t i = 0; i < nsub; i++) {
		if (!rc)
			rc = walk_dir(w, subdirs[i], err);
		free(subdirs[i]);
	}
	free(subdirs);
	return rc;
}

static void free_strs(char **v, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(v[i]);
	free(v);
}

int as_discover_paths(struct as_jobs *j, char *const *paths, int npaths, struct as_error *err)
{
	struct walk w = { 0 };
	char cwd[PATH_MAX];
	char **args = NULL;
	int rc = -1;

	if (!getcwd(cwd, sizeof cwd))
		return as_error_set(err, "cannot get the current directory: %s", strerror(errno));
	for (int i = 0; i < npaths; i++) {
		struct stat st;
		size_t first = w.nfiles;
		if (stat(paths[i], &st)) {
			char shown[AS_ERROR_PATH_SHOWN + 4];
			as_error_set(err, "%s: %s", as_error_path(paths[i], shown), strerror(errno));
			goto out;
		}
		if (S_ISDIR(st.st_mode)) {
			if (walk_dir(&w, paths[i], err))
				goto out;
		} else if (!has_ext(paths[i], ".c")) {
			skip(&w, paths[i], "not a C source file (.c)");
		} else if (!S_ISREG(st.st_mode)) {
			skip(&w, paths[i], special_kind(st.st_mode));
		} else if (access(paths[i], R_OK)) {
			skip(&w, paths[i], strerror(errno));
		} else if (push(&w.files, &w.nfiles, &w.capfiles, paths[i])) {
			as_error_set(err, "out of memory");
			goto out;
		}
		if (as_jobs_add_root(j, paths[i]) || as_grow(&w.program, &w.capprogram, w.nfiles + 1, sizeof *w.program)) {
			as_error_set(err, "out of memory");
			goto out;
		}
		/* Program 0: the files named on their own; each directory its own. */
		for (size_t k = first; k < w.nfiles; k++)
			w.program[k] = S_ISDIR(st.st_mode) ? i + 1 : 0;
	}
	args = calloc(w.nincdirs + 1, sizeof *args);
	if (!args) {
		as_error_set(err, "out of memory");
		goto out;
	}
	for (size_t i = 0; i < w.nincdirs; i++) {
		size_t n = strlen(w.incdirs[i]) + 3;
		if (!(args[i] = malloc(n))) {
			as_error_set(err, "out of memory");
			goto out;
		}
		snprintf(args[i], n, "-I%s", w.incdirs[i]);
	}
	for (size_t i = 0; i < w.nfiles; i++) {
		if (as_jobs_add(j, w.files[i], cwd, args, (int)w.nincdirs)) {
			as_error_set(err, "out of memory");
			goto out;
		}
		j->v[j->n - 1].program = w.program[i];
	}
	j->skipped += w.skipped;
	rc = 0;
out:
	if (args)
		free_strs(args, w.nincdirs);
	free_strs(w.files, w.nfiles);
	free_strs(w.incdirs, w.nincdirs);
	free(w.dirs);
	free(w.program);
	return rc;
}
