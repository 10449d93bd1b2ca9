/* as_cache.c - the cache's entries: where they are, how one is written
 * and read back. An entry is MAGIC, then in the wire format (as_wire.h) its
 * key, its files (as_cache_deps) and the result, then the FNV-1a hash of
 * what follows MAGIC, so that a damaged entry is told from a whole one. */
#include "as_cache.h"

#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <sys/stat.h>

#include "as_file.h"
#include "as_hash.h"

#define MAGIC "allocscan-cache\n"
/* Raised whenever what an entry holds changes shape. */
#define FORMAT 1

/* as_file_begin sets the umask for a moment: writers on threads of one
 * process take turns. */
static pthread_mutex_t writing = PTHREAD_MUTEX_INITIALIZER;

/* $XDG_CACHE_HOME/allocscan, or ~/.cache/allocscan; malloc'd. */
static char *cache_dir(void)
{
	const char *xdg = getenv("XDG_CACHE_HOME"), *home = getenv("HOME");
	char *dir = NULL;

	/* The XDG spec: a relative $XDG_CACHE_HOME is invalid, ignored. */
	if (xdg && xdg[0] == '/')
		return asprintf(&dir, "%s/allocscan", xdg) < 0 ? NULL : dir;
	if (home && *home)
		return asprintf(&dir, "%s/.cache/allocscan", home) < 0 ? NULL : dir;
	return NULL;
}

/* mkdir -p of dir; 0 when it is there. */
static int make_dirs(char *dir)
{
	for (char *s = dir + 1; *s; s++)
		if (*s == '/') {
			*s = '\0';
			int bad = mkdir(dir, 0777) && errno != EEXIST;
			*s = '/';
			if (bad)
				return -1;
		}
	return mkdir(dir, 0777) && errno != EEXIST ? -1 : 0;
}

int as_cache_open(struct as_cache *c, const char *packs, struct as_error *err)
{
	size_t len = 0;
	char *self;

	memset(c, 0, sizeof *c);
	clock_gettime(CLOCK_REALTIME, &c->start);
	if (!(c->dir = cache_dir())) {
		as_error_set(err, "no cache: neither XDG_CACHE_HOME nor HOME is set");
		return 0;
	}
	if (make_dirs(c->dir)) {
		as_error_set(err, "no cache: cannot make %s: %s", c->dir, strerror(errno));
		free(c->dir);
		c->dir = NULL;
		return 0;
	}
	/* The build of the tool, not only its version: a rebuilt analyzer
	 * may find other things in the same text. */
	self = as_file_read("/proc/self/exe", &len, err);
	as_wire_put_str(&c->base, MAGIC);
	as_wire_put_int(&c->base, FORMAT);
	as_wire_put_str(&c->base, AS_VERSION);
	as_wire_put_int(&c->base, self ? (long long)as_text_hash(self, len) : 0);
	as_wire_put_int(&c->base, (long long)len);
	free(self);
	CXString v = clang_getClangVersion();
	as_wire_put_str(&c->base, clang_getCString(v));
	clang_disposeString(v);
	as_wire_put_str(&c->base, packs);
	if (!self || c->base.oom) {
		as_cache_close(c);
		return self ? as_error_set(err, "out of memory") : 0;
	}
	return 0;
}

void as_cache_close(struct as_cache *c)
{
	free(c->dir);
	c->dir = NULL;
	as_wire_free(&c->base);
}

/* DIR/xx/yyyyyyyyyyyyyy: the key's hash, in folders of 256. */
static int entry_path(const struct as_cache *c, const struct as_wire *key, char *path, size_t size)
{
	unsigned long long h = as_text_hash(key->p, key->n);
	int n = snprintf(path, size, "%s/%02llx/%014llx", c->dir, h >> 56, h & 0xffffffffffffffULL);

	return n < 0 || (size_t)n >= size ? -1 : 0;
}

static void put_deps(struct as_wire *w, const struct as_cache_deps *deps)
{
	as_wire_put_int(w, deps ? (long long)deps->n : 0);
	for (size_t i = 0; deps && i < deps->n; i++) {
		as_wire_put_str(w, deps->v[i].path);
		as_wire_put_int(w, deps->v[i].size);
		as_wire_put_int(w, deps->v[i].sec);
		as_wire_put_int(w, deps->v[i].nsec);
		as_wire_put_int(w, (long long)deps->v[i].hash);
	}
}

static int get_deps(struct as_wire_in *in, struct as_cache_deps *deps)
{
	long long n = as_wire_get_int(in);

	/* Each record takes more than 8 bytes: a count the rest cannot
	 * hold is damage, not an allocation to try. */
	if (n < 0 || (unsigned long long)n > (in->n - in->off) / 8)
		return -1;
	if (n && !(deps->v = calloc((size_t)n, sizeof *deps->v)))
		return -1;
	deps->cap = (size_t)n;
	for (; deps->n < (size_t)n && !in->bad; deps->n++) {
		struct as_cache_dep *d = &deps->v[deps->n];
		d->path = as_wire_get_str(in);
		d->size = as_wire_get_int(in);
		d->sec = as_wire_get_int(in);
		d->nsec = as_wire_get_int(in);
		d->hash = (unsigned long long)as_wire_get_int(in);
		if (!d->path)
			in->bad = 1;
	}
	return in->bad ? -1 : 0;
}

struct entry_out {
	const struct as_wire *key;
	const struct as_cache_deps *deps;
	const struct as_result *r;
};

static int fill(FILE *out, void *ctx)
{
	const struct entry_out *e = ctx;
	struct as_wire w = { 0 };
	unsigned long long sum;
	int rc;

	as_wire_put_int(&w, (long long)e->key->n);
	as_wire_put(&w, e->key->p, e->key->n);
	put_deps(&w, e->deps);
	as_wire_put_result(&w, e->r);
	sum = as_text_hash(w.p, w.n);
	rc = w.oom || fputs(MAGIC, out) == EOF || fwrite(w.p, 1, w.n, out) != w.n ||
			     fwrite(&sum, sizeof sum, 1, out) != 1
		     ? -1
		     : 0;
	as_wire_free(&w);
	return rc;
}

int as_cache_put(const struct as_cache *c, const struct as_wire *key, const struct as_cache_deps *deps,
		 const struct as_result *r)
{
	struct entry_out e = { key, deps, r };
	struct as_error err = { { 0 } };
	char path[4096], *slash;
	int rc = -1;

	if (!c->dir || key->oom || entry_path(c, key, path, sizeof path))
		return -1;
	slash = strrchr(path, '/');
	*slash = '\0';
	if (mkdir(path, 0777) && errno != EEXIST)
		return -1;
	*slash = '/';
	pthread_mutex_lock(&writing);
	rc = as_file_replace(path, "a cache entry", fill, &e, &err);
	pthread_mutex_unlock(&writing);
	return rc;
}

/* The entry's key, files and result, when it is whole and key's. */
static int read_entry(const char *text, size_t len, const struct as_wire *key, struct as_cache_deps *deps,
		      struct as_result *r)
{
	size_t m = strlen(MAGIC);
	struct as_wire_in in = { text + m, len - m - 8, 0, 0 };
	unsigned long long sum;
	long long n;

	if (len < m + 8 || memcmp(text, MAGIC, m))
		return -1;
	memcpy(&sum, text + len - 8, sizeof sum);
	if (sum != as_text_hash(in.p, in.n))
		return -1;
	n = as_wire_get_int(&in);
	if (n != (long long)key->n || in.n - in.off < key->n || memcmp(in.p + in.off, key->p, key->n))
		return -1;
	in.off += key->n;
	if (get_deps(&in, deps))
		return -1;
	as_wire_get_result(&in, r);
	return in.bad || in.off != in.n ? -1 : 0;
}

/* got's contents into r, in place of r's, but lost: the scan's own word. */
static int take(struct as_result *r, struct as_result *got)
{
	as_result_free(r);
	if (as_findings_move(&r->found, &got->found))
		return -1;
	r->exports = got->exports;
	r->callees = got->callees;
	r->notices = got->notices;
	r->allocs = got->allocs;
	r->parsed = got->parsed;
	r->clean = got->clean;
	r->failed = got->failed;
	r->log = got->log;
	memset(&got->exports, 0, sizeof got->exports);
	memset(&got->callees, 0, sizeof got->callees);
	memset(&got->notices, 0, sizeof got->notices);
	got->log = NULL;
	return 0;
}

int as_cache_get(struct as_cache *c, const struct as_wire *key, struct as_result *r, struct as_wire *ident)
{
	struct as_cache_deps deps = { 0 };
	struct as_error err = { { 0 } };
	struct as_result got = { 0 };
	char path[4096], *text;
	size_t len = 0;
	int hit = 0, touched = 0;

	if (!c->dir || key->oom || entry_path(c, key, path, sizeof path) || !(text = as_file_read(path, &len, &err)))
		return 0;
	as_findings_init(&got.found);
	if (read_entry(text, len, key, &deps, &got))
		c->bad++;
	else
		hit = !ident || as_cache_deps_hold(&deps, &touched);
	free(text);
	if (hit && ident) {
		as_cache_ident(key, &deps, ident);
		hit = !ident->oom;
	}
	/* Touched files rehashed once: the entry takes their new times. */
	if (hit && touched)
		as_cache_put(c, key, &deps, &got);
	else if (hit)
		utimensat(AT_FDCWD, path, NULL, 0); /* recently used: the last to go */
	as_cache_deps_free(&deps);
	if (hit)
		hit = !take(r, &got);
	as_result_free(&got);
	as_findings_free(&got.found);
	return hit;
}

void as_cache_round_key(const struct as_wire *ident, const struct as_program *prog, const struct as_names *callees,
			struct as_wire *key)
{
	key->n = 0;
	as_wire_put_str(key, "round");
	as_wire_put(key, ident->p, ident->n);
	for (size_t i = 0; i < callees->n; i++) {
		const char *name = callees->v[i];
		size_t len = strlen(name);
		const struct as_rule *rule = prog->rules.nrules ? as_rules_function(&prog->rules, name, len) : NULL;
		const struct as_grower *g = as_program_grower(prog, name, len);
		if (!rule && !g)
			continue;
		as_wire_put_str(key, name);
		as_wire_put_rule(key, rule);
		as_wire_put_grower(key, g);
	}
}
