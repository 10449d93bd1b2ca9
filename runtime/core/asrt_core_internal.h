/* asrt_core_internal.h — the module map of asrt_core: what each file offers
 * the others. Everything here is hidden from the shared library's exports;
 * names carry asrt__core_ so they cannot meet the allocator's internals
 * when both are bundled into libasrt. */
#ifndef ASRT_CORE_INTERNAL_H
#define ASRT_CORE_INTERNAL_H

#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include <asrt/asrt.h>

/* --------------------------------------------------- "asrt_stats_env.c" */

/* asrt__stats_state (asrt.h): -1 until ASRT_STATS has been read, then 0
 * (off) or 1 (on). Plain int with __atomic builtins: asrt.h reads it inline
 * in code built with any C standard. */
int asrt__core_stats_init(void);

/* Cheap enough for every helper call: one relaxed load when the answer is
 * known. */
static inline int asrt__core_stats_on(void)
{
	int s = __atomic_load_n(&asrt__stats_state, __ATOMIC_RELAXED);
	return s >= 0 ? s : asrt__core_stats_init();
}

/* ------------------------------------------------------- "asrt_sites.c" */

/* The helpers' kinds, then the probes' (asrt_probe.c), which is last: one
 * slot per probe site holds the counts of all four ASRT_PROBE_* kinds. */
enum asrt__core_kind {
	ASRT_KIND_MEMDUP,
	ASRT_KIND_SHARE,
	ASRT_KIND_MUT,
	ASRT_KIND_RELEASE,
	ASRT_KIND_GROW,
	ASRT_KIND_PROBE,
	ASRT_KIND_COUNT
};

/* The counters of a helper's site, in ASRT_STATS' order. */
enum asrt__core_field {
	ASRT_F_CALLS,
	ASRT_F_BYTES_COPIED,
	ASRT_F_BYTES_SHARED,
	ASRT_F_REALLOCS_AVOIDED,
	ASRT_F_REALLOCS,
	ASRT_HELPER_FIELDS
};

/* The counters of a probe site, in the profile's order. All are sums but
 * the last, a maximum. */
enum asrt__probe_field {
	ASRT_PF_ALLOCS,
	ASRT_PF_BYTES_ALLOC,
	ASRT_PF_COPIES,
	ASRT_PF_BYTES_COPIED,
	ASRT_PF_REALLOCS,
	ASRT_PF_BYTES_REALLOC,
	ASRT_PF_MOVES,
	ASRT_PF_BYTES_MOVED,
	ASRT_PF_DUPS,
	ASRT_PF_BYTES_DUP,
	ASRT_PF_LARGEST,
	ASRT_FIELDS /* the most counters a kind has */
};
#define ASRT_FIELD_MAX ASRT_PF_LARGEST /* the one field kept as a maximum */

/* How many counters a kind has: ASRT_FIELDS for probes, else
 * ASRT_HELPER_FIELDS. */
static inline unsigned asrt__core_kind_fields(enum asrt__core_kind kind)
{
	return kind == ASRT_KIND_PROBE ? ASRT_FIELDS : ASRT_HELPER_FIELDS;
}

/* The counters of (site, kind) that this thread owns (entries bound to the
 * site in a per-thread cache), or NULL: then asrt__core_site_add counts in
 * the table's shared slot. Change them only with the two functions below. */
_Atomic unsigned long long *asrt__core_site_owned(const char *site,
						  enum asrt__core_kind kind);

/* Owned counters are written by one thread only and read by others: a
 * relaxed load and store, no locked instruction (which costs more than a
 * helper call itself). */
static inline void asrt__core_owned_add(_Atomic unsigned long long *v,
					unsigned long long d)
{
	if (d)
		atomic_store_explicit(v, atomic_load_explicit(v, memory_order_relaxed) + d,
				      memory_order_relaxed);
}

static inline void asrt__core_owned_max(_Atomic unsigned long long *v,
					unsigned long long x)
{
	if (x > atomic_load_explicit(v, memory_order_relaxed))
		atomic_store_explicit(v, x, memory_order_relaxed);
}

/* Adds d (asrt__core_kind_fields(kind) values; zeros change nothing) to
 * (site, kind)'s counters; a NULL site is ignored. Lock-free; sites beyond
 * the table's capacity are dropped. */
void asrt__core_site_add(const char *site, enum asrt__core_kind kind,
			 const unsigned long long *d);

/* One helper call's effect on its site's counters. */
struct asrt__core_event {
	size_t bytes_copied;
	size_t bytes_shared;
	unsigned reallocs_avoided;
	unsigned reallocs;
};

/* Adds one call with effect ev to (site, kind), a helper's kind; a NULL site
 * is ignored. Callers check asrt__core_stats_on() first. */
void asrt__core_site_record(const char *site, enum asrt__core_kind kind,
			    const struct asrt__core_event *ev);

/* Calls visit for every site in the table with its totals so far
 * (asrt__core_kind_fields(kind) values), in table order, under the table's
 * lock: visit must not count. */
typedef void asrt__core_site_visit(const char *site, enum asrt__core_kind kind,
				   const unsigned long long *totals, void *ctx);
void asrt__core_sites_each(asrt__core_site_visit *visit, void *ctx);

/* (site, kind)'s totals so far into t (asrt__core_kind_fields(kind) values;
 * zeros for a site never counted): for tests. */
void asrt__core_site_totals(const char *site, enum asrt__core_kind kind,
			    unsigned long long *t);

/* s as a JSON string, quotes included. */
void asrt__core_json_string(FILE *out, const char *s);

/* ------------------------------------------------------ "asrt_profile.c" */

/* Writes the probes' profile to the file $ASRT_PROFILE names, if set and
 * not empty (docs/runtime-api.md, "Probes and profiles"); problems are one
 * line on stderr. Called once, at exit. */
void asrt__core_profile_write(void);

/* ------------------------------------------------------ "asrt_rodata.c" */

/* asrt__ro_span (asrt.h): the read-only range the last borrow came from
 * while stats are off. Only pinned ranges are stored and they stay mapped,
 * so the pointer is valid forever; repeated borrows from one object's
 * literals are answered by this range alone. The fast path of
 * asrt__core_ro_borrowable (with n = 0: of asrt__core_ro_contains), inlined
 * into the helpers. */
static inline int asrt__core_ro_hot_holds(const void *p, size_t n)
{
	const struct asrt__span *h = __atomic_load_n(&asrt__ro_span, __ATOMIC_ACQUIRE);
	uintptr_t off = (uintptr_t)p - h->asrt__lo;
	return off < h->asrt__len && n <= h->asrt__len - off;
}

/* 1 if [p, p + n) lies wholly in a read-only segment of a loaded object,
 * pinned so that it stays mapped: such memory can be borrowed forever.
 * Looks only at the current snapshot of the segments: lock-free. */
int asrt__core_ro_borrowable(const void *p, size_t n);

/* 1 if p lies in a read-only segment of the current snapshot: tells a
 * borrowed cow pointer from a block with a header. Lock-free. */
int asrt__core_ro_contains(const void *p);

/* For a pointer asrt__core_ro_borrowable refused: 1 if it lies in an object
 * loaded since the last scan. Asks the loader on one miss in 64 (it takes
 * the loader's lock) and rescans if objects came or went. */
int asrt__core_ro_borrowable_rescan(const void *p, size_t n);

/* ---------------------------------------------------- "asrt_registry.c" */

/* The set of live copy-on-write blocks, so that asrt_cow_share can tell its
 * own blocks from other memory without reading before an arbitrary
 * pointer. Lookups take no lock; adds and removes lock one of 32 shards
 * (fewer than ThreadSanitizer's 64 locks held at once, as fork needs). */
int asrt__core_registry_add(const void *p); /* 0, or -1 out of memory */
int asrt__core_registry_has(const void *p);
void asrt__core_registry_remove(const void *p);

/* --------------------------------------------------------- "asrt_cow.c" */

/* Reference count of a block from asrt_cow_share/asrt_cow_mut, 0 for a
 * borrowed pointer: for tests. */
size_t asrt__core_cow_refs(const void *p);

#endif /* ASRT_CORE_INTERNAL_H */
