/* as_cache_deps.c - the files a unit's parse read, as the cache records and
 * checks them: by size and modification time, and by contents when only
 * the time changed (a file touched, or written again the same). */
#include "as_cache.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "as_file.h"
#include "as_grow.h"
#include "as_hash.h"

struct visit {
	const struct as_cache *c;
	CXTranslationUnit tu;
	const char *dir;
	struct as_cache_deps *deps;
	int bad;
};

/* Whether st's time is before t: a file changed since the scan started
 * may have been read half-written, or differ from what was parsed. */
static int older(const struct stat *st, const struct timespec *t)
{
	return st->st_mtim.tv_sec < t->tv_sec || (st->st_mtim.tv_sec == t->tv_sec && st->st_mtim.tv_nsec < t->tv_nsec);
}

static void add_file(CXFile f, CXSourceLocation *stack, unsigned depth, CXClientData data)
{
	struct visit *v = data;
	CXString name = clang_getFileName(f);
	const char *s = clang_getCString(name);
	const char *text;
	struct as_cache_dep d = { 0 };
	struct stat st;
	size_t len = 0;

	(void)stack;
	(void)depth;
	if (v->bad || !s || !(text = clang_getFileContents(v->tu, f, &len)) ||
	    (s[0] == '/' ? !(d.path = strdup(s)) : asprintf(&d.path, "%s/%s", v->dir, s) < 0)) {
		clang_disposeString(name);
		v->bad = 1;
		return;
	}
	clang_disposeString(name);
	/* What was parsed is the file's text now, and was before the scan. */
	if (stat(d.path, &st) || (size_t)st.st_size != len || !older(&st, &v->c->start) ||
	    AS_GROW(v->deps->v, v->deps->n, v->deps->cap)) {
		free(d.path);
		v->bad = 1;
		return;
	}
	d.size = (long long)len;
	d.sec = (long long)st.st_mtim.tv_sec;
	d.nsec = (long long)st.st_mtim.tv_nsec;
	d.hash = as_text_hash(text, len);
	v->deps->v[v->deps->n++] = d;
}

static int by_path(const void *a, const void *b)
{
	return strcmp(((const struct as_cache_dep *)a)->path, ((const struct as_cache_dep *)b)->path);
}

int as_cache_deps_of(const struct as_cache *c, CXTranslationUnit tu, const char *dir, struct as_cache_deps *deps)
{
	struct visit v = { c, tu, dir, deps, 0 };
	size_t k = 0;

	clang_getInclusions(tu, add_file, &v);
	if (v.bad || !deps->n)
		return -1;
	/* One record per file, in one order: the identity does not depend on
	 * how often or in which order the unit included it. */
	qsort(deps->v, deps->n, sizeof *deps->v, by_path);
	for (size_t i = 0; i < deps->n; i++)
		if (k && !strcmp(deps->v[k - 1].path, deps->v[i].path))
			free(deps->v[i].path);
		else
			deps->v[k++] = deps->v[i];
	deps->n = k;
	return 0;
}

int as_cache_deps_hold(struct as_cache_deps *deps, int *touched)
{
	struct as_error err = { { 0 } };

	for (size_t i = 0; i < deps->n; i++) {
		struct as_cache_dep *d = &deps->v[i];
		struct stat st;
		char *text;
		size_t len = 0;
		int same;

		if (stat(d->path, &st) || st.st_size != d->size)
			return 0;
		if (st.st_mtim.tv_sec == d->sec && st.st_mtim.tv_nsec == d->nsec)
			continue;
		if (!(text = as_file_read(d->path, &len, &err)))
			return 0;
		same = len == (size_t)d->size && as_text_hash(text, len) == d->hash;
		free(text);
		if (!same)
			return 0;
		d->sec = (long long)st.st_mtim.tv_sec;
		d->nsec = (long long)st.st_mtim.tv_nsec;
		*touched = 1;
	}
	return 1;
}

void as_cache_ident(const struct as_wire *key, const struct as_cache_deps *deps, struct as_wire *ident)
{
	ident->n = 0;
	as_wire_put(ident, key->p, key->n);
	for (size_t i = 0; i < deps->n; i++) {
		as_wire_put_str(ident, deps->v[i].path);
		as_wire_put_int(ident, (long long)deps->v[i].hash);
	}
}

void as_cache_deps_free(struct as_cache_deps *deps)
{
	for (size_t i = 0; i < deps->n; i++)
		free(deps->v[i].path);
	free(deps->v);
	memset(deps, 0, sizeof *deps);
}
