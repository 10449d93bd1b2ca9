/* as_leftover.c - finding and removing our interrupted temporaries (see
 * as_leftover.h). */
#if !defined(_GNU_SOURCE) && !defined(_XOPEN_SOURCE)
#define _XOPEN_SOURCE 700 /* realpath, fstatat, unlinkat */
#endif
#include "as_leftover.h"

#include "as_grow.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define SUFFIX ".asrw-"
#define NRAND 6 /* mkstemp's XXXXXX */

/* Whether name is ".NAME.asrw-XXXXXX"; *base_len is NAME's length. */
static int our_pattern(const char *name, size_t *base_len)
{
	size_t n = strlen(name), tail = sizeof SUFFIX - 1 + NRAND;

	if (name[0] != '.' || n < 1 + 1 + tail || strncmp(name + n - tail, SUFFIX, sizeof SUFFIX - 1))
		return 0;
	for (size_t i = n - NRAND; i < n; i++)
		if (!((name[i] >= 'a' && name[i] <= 'z') || (name[i] >= 'A' && name[i] <= 'Z') ||
		      (name[i] >= '0' && name[i] <= '9')))
			return 0;
	*base_len = n - 1 - tail;
	return 1;
}

/* Whether the entry is a leftover of ours (see as_leftover.h). */
static int ours(int dfd, const char *name)
{
	struct stat st, orig;
	size_t blen;
	char base[NAME_MAX + 1];

	if (!our_pattern(name, &blen) || blen > NAME_MAX)
		return 0;
	memcpy(base, name + 1, blen);
	base[blen] = '\0';
	if (fstatat(dfd, name, &st, AT_SYMLINK_NOFOLLOW) < 0 || !S_ISREG(st.st_mode) || st.st_nlink != 1 ||
	    st.st_uid != geteuid())
		return 0;
	return fstatat(dfd, base, &orig, 0) == 0 && S_ISREG(orig.st_mode);
}

static int seen(struct as_sweep *s, const char *dir)
{
	for (size_t i = 0; i < s->n; i++)
		if (!strcmp(s->dirs[i], dir))
			return 1;
	return 0;
}

static int sweep(struct as_sweep *s, const char *dir, struct as_error *err)
{
	int dfd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC), rc = 0;
	DIR *dp = dfd < 0 ? NULL : fdopendir(dfd);
	struct dirent *e;

	if (!dp) {
		if (dfd >= 0)
			close(dfd);
		return 0;
	}
	while (!rc && (e = readdir(dp))) {
		if (!ours(dfd, e->d_name))
			continue;
		s->found++;
		if (!s->remove) {
			fprintf(s->log, "allocscan: %s/%s: a temporary left by an interrupted --rewrite (--rewrite removes it)\n",
				dir, e->d_name);
		} else if (unlinkat(dfd, e->d_name, 0) == 0) {
			s->removed++;
			fprintf(s->log, "allocscan: removed %s/%s, a temporary left by an interrupted --rewrite\n", dir,
				e->d_name);
		} else if (errno != ENOENT) {
			rc = as_error_set(err, "%s/%s: cannot remove this leftover temporary: %s", dir, e->d_name,
					  strerror(errno));
		}
	}
	closedir(dp);
	return rc;
}

int as_sweep_dir_of(struct as_sweep *s, const char *file, struct as_error *err)
{
	char *real = realpath(file, NULL), *slash;
	int rc = 0;

	if (!real)
		return 0;
	slash = strrchr(real, '/');
	if (slash == real)
		slash[1] = '\0';
	else
		*slash = '\0';
	if (seen(s, real)) {
		free(real);
		return 0;
	}
	if (AS_GROW(s->dirs, s->n, s->cap)) {
		free(real);
		return as_error_set(err, "out of memory");
	}
	s->dirs[s->n++] = real;
	rc = sweep(s, real, err);
	return rc;
}

void as_sweep_free(struct as_sweep *s)
{
	for (size_t i = 0; i < s->n; i++)
		free(s->dirs[i]);
	free(s->dirs);
	s->dirs = NULL;
	s->n = s->cap = 0;
}
