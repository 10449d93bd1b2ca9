/* as_cache.h - units' results kept between scans, so that a scan of an
 * unchanged tree parses nothing. An entry is one file named by the hash of
 * its key: a unit's first pass is keyed by what the scan knows before
 * parsing (the tool, its packs and options, the unit's file, flags and
 * directory) and records the files the parse read, each with its size,
 * modification time and content hash (ccache's direct mode); a
 * whole-program round's result is keyed by the unit's identity (that key
 * and its files' contents) and the program table's entries for the
 * functions the unit calls, all it consults of the table. An entry holds
 * its whole key, so that a hash collision is a miss; one that is damaged,
 * truncated or another version's is a miss too. */
#ifndef AS_CACHE_H
#define AS_CACHE_H

#include <clang-c/Index.h>
#include <time.h>

#include "as_error.h"
#include "as_program.h"
#include "as_wire.h"

/* Past this many bytes of entries, the least recently used go. */
#define AS_CACHE_LIMIT (1ULL << 30)

struct as_cache {
	char *dir;           /* the entries' folder; NULL: the cache is off */
	struct as_wire base; /* what every key starts with */
	struct timespec start;
	size_t bad; /* entries found unreadable or damaged (misses) */
};

/* A file a unit's parse read, as it was then. */
struct as_cache_dep {
	char *path; /* absolute */
	long long size, sec, nsec;
	unsigned long long hash; /* as_text_hash of its contents */
};

struct as_cache_deps {
	struct as_cache_dep *v;
	size_t n, cap;
};

/* Opens the cache of this user ($XDG_CACHE_HOME/allocscan, or
 * ~/.cache/allocscan), creating its folder, for a scan with the packs whose
 * identity packs is (as_setup_pack). A folder that cannot be made leaves
 * the cache off (c->dir NULL) with err saying why; -1 only when memory runs
 * out. as_cache_close frees what c holds. */
int as_cache_open(struct as_cache *c, const char *packs, struct as_error *err);
void as_cache_close(struct as_cache *c);

/* The entry of key into r (replacing it, as as_wire_get_result does): 1 on
 * a hit, 0 on a miss. With ident, a first-pass entry whose files must be
 * as recorded, and the unit's identity into ident (reset first). */
int as_cache_get(struct as_cache *c, const struct as_wire *key, struct as_result *r, struct as_wire *ident);
/* Writes the entry of key (a whole file renamed into place); deps NULL for
 * a round's. -1 when it cannot: the scan goes on without it. */
int as_cache_put(const struct as_cache *c, const struct as_wire *key, const struct as_cache_deps *deps,
		 const struct as_result *r);
/* A round's key into key (reset first): the unit's identity and, for each
 * of its callees, the summary and grower prog holds for it. */
void as_cache_round_key(const struct as_wire *ident, const struct as_program *prog, const struct as_names *callees,
			struct as_wire *key);

/* The files tu read (its main file and every include), paths made absolute
 * against dir, into deps (the caller frees with as_cache_deps_free). -1
 * when one cannot be recorded: changed since the scan started (its parse
 * may have seen half of it) or unreadable. */
int as_cache_deps_of(const struct as_cache *c, CXTranslationUnit tu, const char *dir, struct as_cache_deps *deps);
/* Whether every file of deps is as recorded: same size and time, or
 * same contents (a touched file; its time is updated in deps and *touched
 * set). */
int as_cache_deps_hold(struct as_cache_deps *deps, int *touched);
/* A unit's identity: key and the contents of the files it read. */
void as_cache_ident(const struct as_wire *key, const struct as_cache_deps *deps, struct as_wire *ident);
void as_cache_deps_free(struct as_cache_deps *deps);

/* Removes the least recently used entries while the cache holds more than
 * AS_CACHE_LIMIT bytes. */
void as_cache_trim(const struct as_cache *c);

#endif
