/* as_roots.c - the real paths of the trees a rewrite may write into. */
#define _XOPEN_SOURCE 700 /* realpath */
#include "as_roots.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* The real path of a named path: a folder itself, a file's folder (the
 * file name is a link that may point anywhere). */
static char *root_of(const char *path)
{
	struct stat st;
	const char *slash;
	char *dir, *real;

	if (stat(path, &st) == 0 && S_ISDIR(st.st_mode))
		return realpath(path, NULL);
	slash = strrchr(path, '/');
	if (!slash)
		return realpath(".", NULL);
	dir = strndup(path, slash == path ? 1 : (size_t)(slash - path));
	if (!dir)
		return NULL;
	real = realpath(dir, NULL);
	free(dir);
	return real;
}

int as_roots_of(char *const *paths, int npaths, const char *compdb, char ***roots, size_t *n, struct as_error *err)
{
	size_t want = npaths > 0 ? (size_t)npaths : compdb ? 2
							   : 1;
	char **v = calloc(want, sizeof *v);

	*roots = NULL;
	*n = 0;
	if (!v)
		return as_error_set(err, "out of memory");
	for (size_t i = 0; i < want; i++) {
		const char *p = npaths > 0 ? paths[i] : i ? compdb
							  : ".";
		if (!(v[i] = root_of(p))) {
			as_error_set(err, "%s: %s", p, strerror(errno));
			as_roots_free(v, i);
			return -1;
		}
	}
	*roots = v;
	*n = want;
	return 0;
}

void as_roots_free(char **roots, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(roots[i]);
	free(roots);
}
