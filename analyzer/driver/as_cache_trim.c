/* as_cache_trim.c - the cache kept under AS_CACHE_LIMIT bytes: past it,
 * entries go in order of last use (a hit renews an entry's time) until
 * nine tenths of the limit are left. Temporaries of a writer that died go
 * the same way; one being written by another scan may go too, and that
 * scan only loses the entry. */
#include "as_cache.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "as_grow.h"

struct entry {
	char *path;
	struct timespec used;
	unsigned long long size;
};

struct entries {
	struct entry *v;
	size_t n, cap;
	unsigned long long total;
	int oom;
};

static void list_folder(const char *dir, struct entries *e)
{
	DIR *d = opendir(dir);
	struct dirent *de;

	while (d && !e->oom && (de = readdir(d))) {
		struct entry x = { 0 };
		struct stat st;
		if (de->d_name[0] == '.' || asprintf(&x.path, "%s/%s", dir, de->d_name) < 0)
			continue;
		if (stat(x.path, &st) || !S_ISREG(st.st_mode) || (e->oom = AS_GROW(e->v, e->n, e->cap))) {
			free(x.path);
			continue;
		}
		x.used = st.st_mtim;
		x.size = (unsigned long long)st.st_blocks * 512;
		e->total += x.size;
		e->v[e->n++] = x;
	}
	if (d)
		closedir(d);
}

static int by_use(const void *a, const void *b)
{
	const struct timespec *x = &((const struct entry *)a)->used, *y = &((const struct entry *)b)->used;

	if (x->tv_sec != y->tv_sec)
		return x->tv_sec < y->tv_sec ? -1 : 1;
	return x->tv_nsec < y->tv_nsec ? -1 : x->tv_nsec > y->tv_nsec;
}

void as_cache_trim(const struct as_cache *c)
{
	struct entries e = { 0 };
	char sub[4096];

	if (!c->dir)
		return;
	for (int i = 0; i < 256; i++)
		if (snprintf(sub, sizeof sub, "%s/%02x", c->dir, i) < (int)sizeof sub)
			list_folder(sub, &e);
	if (e.total > AS_CACHE_LIMIT && !e.oom) {
		qsort(e.v, e.n, sizeof *e.v, by_use);
		for (size_t i = 0; i < e.n && e.total > AS_CACHE_LIMIT / 10 * 9; i++)
			if (!unlink(e.v[i].path))
				e.total -= e.v[i].size;
	}
	for (size_t i = 0; i < e.n; i++)
		free(e.v[i].path);
	free(e.v);
}
