/* Per-thread caches of small blocks (like glibc's tcache): malloc and free
 * of a small block touch only the thread's own bin; a bin that runs dry is
 * refilled from the thread's arena in one locked batch, one that overflows
 * is set aside whole (and the one set aside before goes to the arena), so
 * that neither needs a walk of the chain. The registry of threads lets
 * the statistics add up every thread's counts. */
#include "asrt_internal.h"

#include <errno.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

ASRT_TLS struct asrt_thread asrt_self;

static pthread_key_t exit_key;
static pthread_mutex_t registry_lock = PTHREAD_MUTEX_INITIALIZER;
/* The registry: one entry per thread set up, in memory of its own, not in
 * the threads' TLS. A thread whose first allocation comes from the last
 * round of its key destructors (a destructor that re-arms its key and
 * allocates only then) registers exit_key too late for glibc to call
 * thread_exit: its entry outlives it, and its TLS may be unmapped (a stack
 * the program gave and unmapped after the join) or another thread's (a
 * reused stack). So the entry keeps the thread's id, and a walk reads an
 * entry's counts only while that thread lives. */
struct thread_slot {
	struct asrt_thread *t; /* NULL: a free entry */
	pid_t tid;
};
static struct thread_slot *slots;
static size_t nslots, capslots;
static _Atomic uint64_t gone_nalloc, gone_nfree; /* of exited threads */
/* Counts of the threads other than the forking one, taken in the parent. */
static uint64_t fork_nalloc, fork_nfree;
uint32_t asrt_tcache_caps[ASRT_NCLASS];
uint32_t asrt_mid_window[ASRT_MID_BINS];
/* Bytes of mid-size blocks a thread may cache, in each range. */
static size_t mid_budget, big_budget;
/* Threads set up and not exited, for the 1..8 KiB cache's share. */
static _Atomic unsigned live_threads;

/* What a thread's 1..8 KiB cache may hold when it is (re)filled from
 * empty: a worker pool swapping blocks of every size (bench pool, 8
 * threads) runs at twice the speed with 256 KiB a thread as with a
 * quarter, but 32 threads each holding that much are megabytes of RSS. */
static size_t mid_share(void)
{
	unsigned n = atomic_load_explicit(&live_threads, memory_order_relaxed);
	size_t b = ASRT_MID_CACHE_ALL / (n ? n : 1);
	if (!mid_budget)
		return 0;
	return b < ASRT_MID_CACHE_MIN ? ASRT_MID_CACHE_MIN
	       : b > mid_budget       ? mid_budget
				      : b;
}

/* Whether thread tid of this process still runs (errno kept). */
static int thread_alive(pid_t tid)
{
	int saved = errno;
	int alive = syscall(SYS_tgkill, getpid(), tid, 0) == 0 || errno != ESRCH;
	errno = saved;
	return alive;
}

/* An entry for t, or -1 when no memory is left for one (the thread then
 * goes uncounted until it exits). registry_lock held. */
static long registry_add(struct asrt_thread *t)
{
	size_t i = 0;
	while (i < nslots && slots[i].t)
		i++;
	if (i == capslots) {
		size_t cap = capslots ? capslots * 2 : 4096 / sizeof *slots;
		struct thread_slot *n = mmap(NULL, cap * sizeof *n, PROT_READ | PROT_WRITE,
					     MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
		if (n == MAP_FAILED)
			return -1;
		if (slots) {
			memcpy(n, slots, nslots * sizeof *n);
			munmap(slots, capslots * sizeof *n);
		}
		slots = n;
		capslots = cap;
	}
	if (i == nslots)
		nslots++;
	slots[i].t = t;
	slots[i].tid = (pid_t)syscall(SYS_gettid);
	return (long)i;
}

static void registry_unlink(struct asrt_thread *t)
{
	if (t->slot >= 0)
		slots[t->slot].t = NULL;
	t->slot = -1;
}

/* Adds the counts of every registered thread but the caller that still
 * runs, dropping the entries of those gone. registry_lock held. */
static void registry_counts(uint64_t *nalloc, uint64_t *nfree)
{
	struct asrt_thread *self = &asrt_self;
	for (size_t i = 0; i < nslots; i++) {
		struct asrt_thread *t = slots[i].t;
		if (!t || t == self)
			continue;
		if (!thread_alive(slots[i].tid)) {
			slots[i].t = NULL;
			continue;
		}
		*nalloc += __atomic_load_n(&t->nalloc, __ATOMIC_RELAXED);
		*nfree += __atomic_load_n(&t->nfree, __ATOMIC_RELAXED);
	}
}

static struct asrt_arena *arena_of(const void *p)
{
	return ((struct asrt_segment *)((uintptr_t)p & ~(uintptr_t)ASRT_SEG_MASK))
		->arena;
}

/* To the mid heap of arena a, n blocks of it (bytes usable in all); if
 * another thread holds a's lock, the holder frees them at its next turn:
 * a free never sleeps. */
static void heap_free(struct asrt_arena *a, void *const *p, unsigned n,
		      size_t bytes)
{
	asrt_stats_live_sub(bytes);
	if (!asrt_arena_trylock(a)) {
		for (unsigned i = 0; i < n; i++)
			asrt_mid_defer(a, p[i]);
		return;
	}
	asrt_mid_free(a, p, n);
	int bulk = asrt_purge_after_free(a);
	asrt_arena_unlock(a);
	if (bulk)
		asrt_purge_spread(a);
}

static void mid_release(void *p, size_t usable)
{
	heap_free(arena_of(p), &p, 1, usable);
}

/* Blocks for the heap wait in t->mid_out, keyed, and go together, a lock,
 * a reading of the clock and a look of the purge policy for each run of
 * one arena's blocks instead of for each block. */
void asrt_tcache_mid_send(struct asrt_thread *t)
{
	unsigned n = t->mid_out_n;
	t->mid_out_n = 0;
	for (unsigned i = 0, j; i < n; i = j) {
		struct asrt_arena *a = arena_of(t->mid_out[i]);
		size_t bytes = asrt_mid_usable(t->mid_out[i]);
		for (j = i + 1; j < n && arena_of(t->mid_out[j]) == a; j++)
			bytes += asrt_mid_usable(t->mid_out[j]);
		heap_free(a, &t->mid_out[i], j - i, bytes);
	}
}

/* p (keyed) on its way to the heap. */
static void mid_out(struct asrt_thread *t, void *p)
{
	t->mid_out[t->mid_out_n++] = p;
	if (t->mid_out_n == ASRT_MID_OUT)
		asrt_tcache_mid_send(t);
}

/* Empties one of t's mid-size bins (blocks keyed) into the heap. */
static void release_bin(struct asrt_thread *t, void **bin)
{
	while (*bin) {
		void **b = *bin;
		*bin = b[0];
		mid_out(t, b);
	}
}

static void release_big(struct asrt_thread *t)
{
	for (uint64_t m = t->big_mask; m; m &= m - 1)
		release_bin(t, &t->big_bin[__builtin_ctzll(m)]);
	asrt_tcache_mid_send(t);
	t->big_mask = 0;
	t->big_bytes = 0;
}

/* Hits that let the cache of blocks above 8 KiB keep several blocks. */
#define BIG_CREDIT_MAX 8
/* Hits that let the 1..8 KiB cache keep its blocks through a miss. */
#define MID_CREDIT_MAX 8

/* A request of 1..8 KiB the cache could not serve. Blocks the program does
 * not ask for again (sizes at random, a phase that ended) only pin their
 * place in the heap, up to the thread's share: a miss with no hits since
 * the last sends them all back, and the share is taken anew. */
static void mid_missed(struct asrt_thread *t)
{
	if (t->mid_hits > MID_CREDIT_MAX)
		t->mid_hits = MID_CREDIT_MAX;
	if (t->mid_hits) {
		t->mid_hits--;
		return;
	}
	if (t->state != ASRT_T_READY || !t->mid_mask)
		return;
	for (uint32_t m = t->mid_mask; m; m &= m - 1)
		release_bin(t, &t->mid_bin[__builtin_ctz(m)]);
	asrt_tcache_mid_send(t);
	t->mid_mask = 0;
	t->mid_room = mid_share();
}

void *asrt_tcache_mid_take(struct asrt_thread *t, size_t *n)
{
	size_t want = *n;
	uintptr_t *b;
	if (want <= ASRT_MID_CACHE_MAX) {
		/* Cut to the top of its range, so any block of the bin fits any
     * request of the range: less than ASRT_MID_STEP (ASRT_MID_COARSE
     * above 4 KiB) bytes more than asked. */
		*n = asrt_mid_top(asrt_mid_bin(want));
		if (!(b = asrt_tcache_mid_pop(t, want)))
			mid_missed(t);
		return b;
	} else {
		/* The smallest fit among the bin's first few blocks, at most 1/32
     * more than asked. */
		unsigned i = asrt_big_bin(want);
		void **link = &t->big_bin[i], **best = NULL;
		t->big_bypass = 0;
		for (int looks = 4; *link && looks--; link = *link) {
			size_t u = ((uintptr_t *)*link)[2];
			if (u >= want && u - want <= want / 32 &&
			    (!best || u < ((uintptr_t *)*best)[2]))
				best = link;
		}
		if (!best) {
			/* Blocks the program does not ask for again only pin their
       * place in the heap (which then grows around them, for good
       * where the program leaks): a cache that keeps missing goes
       * back, and keeps one block at most until it hits again. */
			if (t->big_credit)
				t->big_credit--;
			else if (t->big_bytes)
				release_big(t);
			return NULL;
		}
		if (t->big_credit < BIG_CREDIT_MAX)
			t->big_credit++;
		b = *best;
		*best = (void *)b[0];
		if (!t->big_bin[i])
			t->big_mask &= ~((uint64_t)1 << i);
		t->big_bytes -= b[2];
	}
	b[1] = 0; /* no stale free key */
	return b;
}

void asrt_tcache_mid_free(struct asrt_thread *t, void *p, size_t usable)
{
	if (asrt_tcache_mid_push(t, p, usable))
		return;
	if (t->state == ASRT_T_READY) {
		/* A full 1..8 KiB cache: to the heap with the next few. */
		if (usable < ASRT_MID_KEEP_MAX && mid_budget) {
			((uintptr_t *)p)[1] = asrt_key(p);
			mid_out(t, p);
			return;
		}
		if (usable >= ASRT_MID_KEEP_MAX &&
		    usable <= ASRT_BIG_CACHE_MAX && !t->big_bypass) {
			if ((t->big_credit || !t->big_bytes) &&
			    t->big_bytes + usable <= big_budget) {
				unsigned i = asrt_big_bin(usable);
				asrt_tcache_keep(&t->big_bin[i], p, usable);
				t->big_mask |= (uint64_t)1 << i;
				t->big_bytes += usable;
				return;
			}
			/* More frees than allocations (past the budget, or a second one
       * with no hit between): a release (a sweep, a teardown), whose
       * memory the purge policy must see. The cache goes back too, and
       * takes no block until the next allocation. */
			release_big(t);
			t->big_bypass = 1;
		}
	}
	mid_release(p, usable);
}

/* Runs as the thread exits: its cached blocks go back to their heaps. */
static void thread_exit(void *arg)
{
	struct asrt_thread *t = arg;
	for (unsigned c = 0; c < ASRT_NCLASS; c++) {
		asrt_tcache_flush(t, c);
		t->room[c] = 0; /* frees from here on bypass the cache */
	}
	for (unsigned i = 0; i < ASRT_MID_BINS; i++)
		release_bin(t, &t->mid_bin[i]);
	release_big(t); /* sends the mid-size ones too */
	t->mid_mask = 0;
	t->mid_room = 0; /* frees from here on bypass the cache */
	t->state = ASRT_T_DEAD;
	asrt_stats_live_flush(t);
	atomic_fetch_sub_explicit(&live_threads, 1, memory_order_relaxed);
	pthread_mutex_lock(&registry_lock);
	atomic_fetch_add(&gone_nalloc, t->nalloc);
	atomic_fetch_add(&gone_nfree, t->nfree);
	t->nalloc = t->nfree = 0;
	registry_unlink(t);
	pthread_mutex_unlock(&registry_lock);
}

void asrt_tcache_init(void)
{
	/* About 16 KiB per bin and as much set aside, between 4 and 32 blocks
   * each. */
	for (unsigned c = 0; c < ASRT_NCLASS; c++) {
		size_t n = asrt_option(ASRT_OPT_TCACHE) ? 16384 / asrt_class_size(c) : 0;
		asrt_tcache_caps[c] = (uint32_t)(n == 0 ? 0 : n < 4 ? 4
						      : n > 32      ? 32
								    : n);
	}
	/* Bin i's window: the bins whose tops are at most 1 + i/4 fine steps
   * above its own (one coarse step above 4 KiB). */
	for (unsigned i = 0; i < ASRT_MID_BINS; i++) {
		size_t slack = i < ASRT_MID_FINE_BINS ? (1 + i / 4) * ASRT_MID_STEP
						      : ASRT_MID_COARSE;
		size_t reach = asrt_mid_top(i) + slack;
		for (unsigned j = i; j < ASRT_MID_BINS && asrt_mid_top(j) <= reach; j++)
			asrt_mid_window[i] |= 1u << (j - i);
	}
	mid_budget = asrt_option(ASRT_OPT_TCACHE) ? ASRT_MID_CACHE_BYTES : 0;
	big_budget = asrt_option(ASRT_OPT_TCACHE) ? ASRT_BIG_CACHE_BYTES : 0;
	pthread_key_create(&exit_key, thread_exit);
}

void asrt_thread_setup(struct asrt_thread *t)
{
	t->state = ASRT_T_INITING; /* allocations from here on bypass the cache */
	t->home.arena = asrt_arena_first();
	pthread_mutex_lock(&registry_lock);
	t->slot = registry_add(t);
	pthread_mutex_unlock(&registry_lock);
	pthread_setspecific(exit_key, t); /* may allocate for high key numbers */
	for (unsigned c = 0; c < ASRT_NCLASS; c++)
		t->room[c] = asrt_tcache_caps[c];
	atomic_fetch_add_explicit(&live_threads, 1, memory_order_relaxed);
	t->mid_room = mid_share();
	t->state = ASRT_T_READY;
}

static void *refill(struct asrt_thread *t, unsigned cls)
{
	void **spilled = t->spill[cls];
	if (spilled) { /* a full bin set aside by the last overflow: no lock */
		t->spill[cls] = NULL;
		t->bin[cls] = spilled[0];
		t->room[cls] = 1;
		return spilled;
	}
	uint32_t want = asrt_tcache_caps[cls] + 1;
	size_t size = asrt_class_size(cls);
	void *first = NULL, **head = NULL, **tail = NULL;
	uint32_t got = 0;
	struct asrt_arena *a = asrt_arena_lock_home(&t->home);
	uint32_t n;
	void **batch = asrt_slab_take_batch(a, cls, &n);
	if (!batch && (batch = asrt_slab_take_offered(a, cls)))
		n = asrt_tcache_caps[cls];
	if (batch) { /* the bin is empty: the batch becomes it */
		asrt_arena_unlock(a);
		t->bin[cls] = batch[0];
		t->room[cls] = asrt_tcache_caps[cls] - (n - 1); /* n is at most a bin */
		asrt_stats_live_add(n * size);
		return batch;
	}
	/* The batch is chained in the order the slab gives it (ascending), so
   * that blocks allocated one after another lie one after another, as a
   * program reading them in allocation order wants. */
	while (got < want) {
		void **b = asrt_slab_alloc(a, cls);
		if (!b)
			break;
		if (got++ == 0) {
			first = b;
			continue;
		}
		((uintptr_t *)b)[1] = asrt_key(b);
		if (tail)
			tail[0] = b;
		else
			head = b;
		tail = b;
	}
	asrt_arena_unlock(a);
	if (tail) {
		tail[0] = t->bin[cls];
		t->bin[cls] = head;
		t->room[cls] -= got - 1;
	}
	if (got)
		asrt_stats_live_add(got * size);
	return first;
}

void *asrt_tcache_refill(struct asrt_thread *t, unsigned cls)
{
	void *b = refill(t, cls);
	asrt_tcache_collect(t);
	return b;
}

/* Hands a chain of n blocks of class cls (keyed) to the arena of its first
 * block, kept whole for the next refill of any thread, so that blocks
 * passed between threads (producer/consumer) cost two list moves and no
 * walk of the chain. Blocks of other arenas in it (cross-thread frees
 * with several arenas) are sent on to theirs when the chain is freed into
 * slabs. A locked arena takes a full bin in its slot for cls, else the
 * chain on its deferred list, with one compare-and-swap: a free never
 * sleeps on a lock. Unless keep, the chain goes into the slabs at once,
 * with the arena's batches of cls. */
static void give(void **b, uint32_t n, unsigned cls, int keep)
{
	asrt_stats_live_sub(n * asrt_class_size(cls));
	struct asrt_arena *a = arena_of(b);
	if (!asrt_arena_trylock(a)) {
		if (keep && n == asrt_tcache_caps[cls] && asrt_slab_offer_bin(a, cls, b))
			return;
		void **last = b;
		while (last[0])
			last = last[0];
		asrt_slab_defer(a, b, last);
		return;
	}
	asrt_slab_drain(a);
	if (!keep || !asrt_slab_put_batch(a, cls, b, n)) {
		asrt_slab_free_chain(a, b);
		if (!keep)
			asrt_slab_unbatch_class(a, cls);
		asrt_purge_slabs(a);
	}
	asrt_arena_unlock(a);
}

/* The collector of idle bins. A program whose sizes drift (strings grown by
 * realloc through every class, a phase that ends) leaves blocks in the bins
 * and batches of classes it no longer asks for, each pinning a 64 KiB slab
 * and so whole segments. Every GC_EVERY slow-path events (refills, spills,
 * mid-size blocks from the heap) the thread looks at one class; if neither
 * its bin nor its spill changed since the last look (some GC_EVERY *
 * ASRT_NCLASS events ago), both go back into the slabs, with the arena's
 * batches of that class, and the emptied slabs to the purge policy.
 * Mistaking a busy class for an idle one costs a refill. */
#define GC_EVERY 32

static uintptr_t bin_state(const struct asrt_thread *t, unsigned cls)
{
	return (uintptr_t)t->bin[cls] ^ (uintptr_t)t->spill[cls] * 3;
}

void asrt_tcache_collect(struct asrt_thread *t)
{
	if (++t->gc_tick < GC_EVERY)
		return;
	t->gc_tick = 0;
	unsigned c = t->gc_next;
	t->gc_next = (c + 1) % ASRT_NCLASS;
	uintptr_t now = bin_state(t, c);
	if (now != t->gc_seen[c] || !now) {
		t->gc_seen[c] = now;
		return;
	}
	uint32_t count = asrt_tcache_caps[c] - t->room[c];
	if (count)
		give(t->bin[c], count, c, 0);
	if (t->spill[c])
		give(t->spill[c], asrt_tcache_caps[c], c, 0);
	t->bin[c] = t->spill[c] = NULL;
	t->room[c] = asrt_tcache_caps[c];
	t->gc_seen[c] = 0;
}

void asrt_tcache_spill(struct asrt_thread *t, unsigned cls)
{
	if (t->spill[cls])
		give(t->spill[cls], asrt_tcache_caps[cls], cls, 1);
	t->spill[cls] = t->bin[cls];
	t->bin[cls] = NULL;
	t->room[cls] = asrt_tcache_caps[cls];
	asrt_tcache_collect(t);
}

void asrt_tcache_flush(struct asrt_thread *t, unsigned cls)
{
	uint32_t count = asrt_tcache_caps[cls] - t->room[cls];
	if (count)
		give(t->bin[cls], count, cls, 1);
	if (t->spill[cls])
		give(t->spill[cls], asrt_tcache_caps[cls], cls, 1);
	t->bin[cls] = t->spill[cls] = NULL;
	t->room[cls] = asrt_tcache_caps[cls];
}

void asrt_tcache_counts(uint64_t *nalloc, uint64_t *nfree)
{
	struct asrt_thread *self = &asrt_self;
	pthread_mutex_lock(&registry_lock);
	*nalloc = atomic_load(&gone_nalloc);
	*nfree = atomic_load(&gone_nfree);
	registry_counts(nalloc, nfree);
	if (self->state != ASRT_T_NEW && self->slot >= 0) {
		*nalloc += self->nalloc;
		*nfree += self->nfree;
	}
	pthread_mutex_unlock(&registry_lock);
}

/* The other threads' counts are taken here, where they still run (in the
 * child their TLS may be gone). */
void asrt_tcache_fork_prepare(void)
{
	pthread_mutex_lock(&registry_lock);
	fork_nalloc = fork_nfree = 0;
	registry_counts(&fork_nalloc, &fork_nfree);
}

void asrt_tcache_fork_parent(void)
{
	pthread_mutex_unlock(&registry_lock);
}

/* Only the forking thread lives on in the child: the others' counts are
 * folded in, their cached blocks are lost to the child (never reused). */
void asrt_tcache_fork_child(void)
{
	pthread_mutex_init(&registry_lock, NULL);
	struct asrt_thread *self = &asrt_self;
	atomic_store_explicit(&live_threads, self->state == ASRT_T_READY,
			      memory_order_relaxed);
	atomic_fetch_add(&gone_nalloc, fork_nalloc);
	atomic_fetch_add(&gone_nfree, fork_nfree);
	for (size_t i = 0; i < nslots; i++)
		slots[i].t = NULL;
	nslots = 0;
	if (self->state == ASRT_T_READY || self->state == ASRT_T_INITING) {
		/* Its entry is the first (the only one in use), its id the child's. */
		self->slot = registry_add(self);
	}
}
