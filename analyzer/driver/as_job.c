#include "as_job.h"

#include "as_grow.h"

#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <string.h>

int as_jobs_add(struct as_jobs *j, const char *file, const char *dir, char *const *args, int nargs)
{
	struct as_job job = { 0 };

	if (AS_GROW(j->v, j->n, j->cap))
		return -1;
	job.file = strdup(file);
	job.dir = strdup(dir);
	job.args = calloc((size_t)nargs + 1, sizeof *job.args);
	if (!job.file || !job.dir || !job.args)
		goto fail;
	for (int i = 0; i < nargs; i++)
		if (!(job.args[job.nargs++] = strdup(args[i])))
			goto fail;
	j->v[j->n++] = job;
	return 0;
fail:
	for (int i = 0; i < job.nargs; i++)
		free(job.args[i]);
	free(job.args);
	free(job.file);
	free(job.dir);
	return -1;
}

int as_jobs_add_root(struct as_jobs *j, const char *path)
{
	struct stat st;
	char *slash;

	if (AS_GROW(j->roots, j->nroots, j->caproots) || !(j->roots[j->nroots] = strdup(path)))
		return -1;
	/* A file's root is its folder: the headers and files it includes from
	 * there are its own text (a unity build's parts, a static inline
	 * helper), the folder's other units are not scanned. */
	if (!stat(path, &st) && !S_ISDIR(st.st_mode)) {
		slash = strrchr(j->roots[j->nroots], '/');
		if (!slash)
			strcpy(j->roots[j->nroots], ".");
		else if (slash == j->roots[j->nroots])
			slash[1] = '\0';
		else
			*slash = '\0';
	}
	j->nroots++;
	return 0;
}

char *as_jobs_common_dir(const struct as_jobs *j, const char *cwd)
{
	char *common = NULL;

	for (size_t i = 0; i < j->n; i++) {
		char *dir = as_path_join(cwd, j->v[i].dir);
		char *file = dir ? as_path_join(dir, j->v[i].file) : NULL;
		size_t k = 0, cut = 0;

		free(dir);
		if (!file) {
			free(common);
			return NULL;
		}
		/* The file's own directory first, then the prefix both share up
		 * to a '/'. */
		if (!common) {
			common = file;
			k = strlen(common);
			while (k > 1 && common[k - 1] != '/')
				k--;
			common[k > 1 ? k - 1 : 1] = '\0';
			continue;
		}
		for (k = 0; common[k] && common[k] == file[k]; k++)
			if (common[k] == '/')
				cut = k;
		if (!(common[k] == '\0' && (file[k] == '/' || file[k] == '\0')))
			common[cut ? cut : 1] = '\0';
		free(file);
	}
	return common;
}

void as_jobs_free(struct as_jobs *j)
{
	for (size_t i = 0; i < j->n; i++) {
		for (int k = 0; k < j->v[i].nargs; k++)
			free(j->v[i].args[k]);
		free(j->v[i].args);
		free(j->v[i].file);
		free(j->v[i].dir);
	}
	for (size_t i = 0; i < j->nroots; i++)
		free(j->roots[i]);
	free(j->roots);
	free(j->v);
	memset(j, 0, sizeof *j);
}

char *as_path_join(const char *dir, const char *path)
{
	size_t n = strlen(dir) + strlen(path) + 2;
	char *buf = malloc(n), *out, **parts;
	size_t np = 0;
	int abs;

	if (!buf)
		return NULL;
	if (path[0] == '/' || !*dir)
		snprintf(buf, n, "%s", path);
	else
		snprintf(buf, n, "%s/%s", dir, path);
	abs = buf[0] == '/';
	parts = malloc(n * sizeof *parts);
	out = malloc(n + 1);
	if (!parts || !out) {
		free(buf);
		free(parts);
		free(out);
		return NULL;
	}
	for (char *tok = strtok(buf, "/"); tok; tok = strtok(NULL, "/")) {
		if (!strcmp(tok, "."))
			continue;
		if (!strcmp(tok, "..") && np && strcmp(parts[np - 1], ".."))
			np--;
		else if (!strcmp(tok, "..") && abs)
			continue;
		else
			parts[np++] = tok;
	}
	out[0] = '\0';
	if (abs)
		strcat(out, "/");
	for (size_t i = 0; i < np; i++) {
		if (i)
			strcat(out, "/");
		strcat(out, parts[i]);
	}
	if (!*out)
		strcpy(out, ".");
	free(parts);
	free(buf);
	return out;
}

int as_shell_split(const char *cmd, char ***out)
{
	size_t len = strlen(cmd);
	char **words = calloc(len / 2 + 2, sizeof *words);
	char *w = malloc(len + 1);
	int n = 0;
	size_t wl;
	const char *p = cmd;

	if (!words || !w) {
		free(words);
		free(w);
		return -1;
	}
	for (;;) {
		int have = 0;
		while (*p == ' ' || *p == '\t' || *p == '\n')
			p++;
		if (!*p)
			break;
		wl = 0;
		while (*p && *p != ' ' && *p != '\t' && *p != '\n') {
			have = 1;
			if (*p == '\'') {
				for (p++; *p && *p != '\''; p++)
					w[wl++] = *p;
				if (!*p)
					goto bad;
				p++;
			} else if (*p == '"') {
				for (p++; *p && *p != '"'; p++) {
					if (*p == '\\' && (p[1] == '"' || p[1] == '\\' || p[1] == '$' || p[1] == '`'))
						p++;
					w[wl++] = *p;
				}
				if (!*p)
					goto bad;
				p++;
			} else if (*p == '\\' && p[1]) {
				w[wl++] = p[1];
				p += 2;
			} else {
				w[wl++] = *p++;
			}
		}
		if (have) {
			w[wl] = '\0';
			if (!(words[n++] = strdup(w)))
				goto bad;
		}
	}
	free(w);
	*out = words;
	return n;
bad:
	for (int i = 0; i < n; i++)
		free(words[i]);
	free(words);
	free(w);
	return -1;
}

const char *as_path_below(const char *dir, const char *path, const char *base, char *buf, size_t size)
{
	char *norm = as_path_join(dir, path);
	size_t n = base ? strlen(base) : 0;

	if (!norm)
		return path;
	if (n > 1 && !strncmp(norm, base, n) && norm[n] == '/')
		snprintf(buf, size, "%s", norm + n + 1);
	else
		snprintf(buf, size, "%s", norm);
	free(norm);
	return buf;
}
