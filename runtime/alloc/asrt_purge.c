/* The purge policy: when free memory goes back to the kernel, for every
 * heap and across arenas. One rule, in layers:
 *   - decay: free memory no allocation took for DECAY_MS is returned;
 *   - budget: an arena keeps at most max(PURGE_MIN, live / PURGE_RATIO)
 *     bytes of free mid-size memory resident (the huge cache the same
 *     against all live bytes; empty slabs SLAB_CACHE of them); past it the
 *     oldest is returned, down to half the budget so the next purge is many
 *     frees away;
 *   - bulk release: a run of frees with (almost) no allocation between them
 *     (a GC's full sweep, a teardown) returns the free memory of every
 *     arena and the huge cache at once: it is not about to be reused;
 *   - displacement: fresh pages mapped for huge blocks return as many bytes
 *     of free mid-size memory, oldest first: a program that freed its
 *     strings and goes on to grow big buffers does not hold both, as
 *     glibc, which trims its heap's top, does not.
 * Purging is cautious because a page fault costs ~25 us and an madvise
 * 100-250 us: returning memory that is about to be reused costs far more
 * than keeping it. The heaps offer the mechanisms (purge oldest, trim);
 * every decision is taken here. */
#include "asrt_internal.h"

#include <stdint.h>

/* Bytes freed in the mid heaps of all arenas, less PURGE_ALLOC_WEIGHT times
 * the bytes allocated there since. A weight rather than a reset: a few
 * allocations inside a long run of frees (a finaliser, a log line) do not
 * end it. */
static _Atomic size_t release_run;

size_t asrt_purge_budget(size_t live)
{
	size_t limit = (size_t)asrt_option(ASRT_OPT_PURGE_MIN);
	long ratio = asrt_option(ASRT_OPT_PURGE_RATIO);
	if (ratio > 0 && live / (size_t)ratio > limit)
		limit = live / (size_t)ratio;
	return limit;
}

static uint64_t decay_horizon(uint64_t now)
{
	return now - (uint64_t)asrt_option(ASRT_OPT_DECAY_MS);
}

void asrt_purge_note_alloc(size_t n)
{
	size_t run = atomic_load_explicit(&release_run, memory_order_relaxed);
	size_t w = n * (size_t)asrt_option(ASRT_OPT_PURGE_ALLOC_WEIGHT);
	if (run) /* racy with frees elsewhere: a heuristic, a lost update is harmless */
		atomic_store_explicit(&release_run, run > w ? run - w : 0,
				      memory_order_relaxed);
}

/* A run is a bulk release once it passes PURGE_BURST and a share of what
 * the program still holds: a GC's incremental steps free a bounded amount
 * each, its full sweeps a share of the heap. */
static int bulk_release(size_t burst)
{
	size_t live = asrt_stats_live();
	long share = asrt_option(ASRT_OPT_PURGE_BURST_SHARE);
	return burst >= (size_t)asrt_option(ASRT_OPT_PURGE_BURST) &&
	       burst >= live / (size_t)(share > 0 ? share : 1);
}

static void purge_huge(uint64_t now)
{
	if (!asrt_huge_cached())
		return;
	asrt_huge_purge(asrt_purge_budget(asrt_stats_live()), decay_horizon(now));
}

void asrt_purge_huge(void)
{
	purge_huge(asrt_now_ms());
}

int asrt_purge_after_free(struct asrt_arena *a)
{
	size_t freed = asrt_mid_take_freed(a);
	if (!freed)
		return 0;
	size_t burst = atomic_fetch_add_explicit(&release_run, freed,
						 memory_order_relaxed) +
		       freed;
	if (bulk_release(burst)) {
		asrt_mid_purge(a, 0, 0);
		return !bulk_release(burst - freed); /* the free that started it */
	}
	size_t limit = asrt_purge_budget(a->mid.live);
	uint64_t now = a->mid.now_ms;
	asrt_mid_purge(a, a->mid.dirty > limit ? limit / 2 : SIZE_MAX,
		       decay_horizon(now));
	/* The huge cache decays too when no huge block comes and goes; looked at
   * once a millisecond at most, its lock being shared (and the shared word
   * written as seldom). */
	static _Atomic uint64_t looked;
	if (atomic_load_explicit(&looked, memory_order_relaxed) != now &&
	    atomic_exchange_explicit(&looked, now, memory_order_relaxed) != now)
		purge_huge(now);
	return 0;
}

/* Fresh huge pages not yet matched by mid-size memory returned. */
static _Atomic size_t huge_owed;

void asrt_purge_for_huge(size_t grown)
{
	size_t owed = atomic_fetch_add_explicit(&huge_owed, grown,
						memory_order_relaxed) +
		      grown;
	if (owed < HUGE_OWED_STEP)
		return;
	atomic_fetch_sub_explicit(&huge_owed, owed, memory_order_relaxed);
	for (unsigned i = 0; i < asrt_narenas && owed; i++) {
		struct asrt_arena *a = &asrt_arenas[i];
		if (!a->used || !a->mid.dirty)
			continue;
		asrt_arena_lock(a);
		size_t d = a->mid.dirty, keep = d > owed ? d - owed : 0;
		asrt_mid_purge(a, keep, 0);
		asrt_os_purge_flush(&a->mid.batch);
		owed -= d - keep;
		asrt_arena_unlock(a);
	}
}

void asrt_purge_slabs(struct asrt_arena *a)
{
	size_t keep = (size_t)asrt_option(ASRT_OPT_SLAB_CACHE);
	if (a->small.ndirty > keep)
		asrt_slab_purge(a, keep);
}

static void trim(struct asrt_arena *a)
{
	asrt_arena_lock(a);
	asrt_slab_drain(a); /* other threads' frees are returned too */
	asrt_slab_unbatch(a);
	asrt_slab_purge(a, 0);
	asrt_mid_trim(a);
	asrt_arena_unlock(a);
}

void asrt_purge_spread(const struct asrt_arena *a)
{
	for (unsigned i = 0; i < asrt_narenas; i++)
		if (&asrt_arenas[i] != a)
			trim(&asrt_arenas[i]);
	asrt_huge_purge(0, 0);
}

void asrt_purge_all(void)
{
	asrt_purge_spread(NULL);
}
