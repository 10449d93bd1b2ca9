/* asrt_core_internal.h — the module map of asrt_core: what each file offers
 * the others. Everything here is hidden from the shared library's exports;
 * names carry asrt__core_ so they cannot meet the allocator's internals
 * when both are bundled into libasrt. */
#ifndef ASRT_CORE_INTERNAL_H
#define ASRT_CORE_INTERNAL_H

#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>

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

enum asrt__core_kind {
	ASRT_KIND_MEMDUP,
	ASRT_KIND_SHARE,
	ASRT_KIND_MUT,
	ASRT_KIND_RELEASE,
	ASRT_KIND_GROW,
	ASRT_KIND_COUNT
};

/* One call's effect on its site's counters. */
struct asrt__core_event {
	size_t bytes_copied;
	size_t bytes_shared;
	unsigned reallocs_avoided;
	unsigned reallocs;
};

/* Adds one call with effect ev to (site, kind); a NULL site is ignored.
 * Callers check asrt__core_stats_on() first. */
void asrt__core_site_record(const char *site, enum asrt__core_kind kind,
			    const struct asrt__core_event *ev);

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
	uintptr_t off = (uintptr_t)p - h->lo;
	return off < h->len && n <= h->len - off;
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
