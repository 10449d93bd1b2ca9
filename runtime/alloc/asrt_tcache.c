/* Per-thread caches of small blocks (like glibc's tcache): malloc and free
 * of a small block touch only the thread's own bin; a bin that runs dry is
 * refilled from the thread's arena in one locked batch, one that overflows
 * returns its older half to the owning slabs. The registry of threads lets
 * the statistics add up every thread's counts. */
#include "asrt_internal.h"

ASRT_TLS struct asrt_thread asrt_self;

static pthread_key_t exit_key;
static pthread_mutex_t registry_lock = PTHREAD_MUTEX_INITIALIZER;
static struct asrt_thread *threads;
static _Atomic uint64_t gone_nalloc, gone_nfree; /* of exited threads */
uint32_t asrt_tcache_caps[ASRT_NCLASS];
static size_t mid_budget; /* bytes of mid blocks a thread may cache */

static void registry_unlink(struct asrt_thread *t)
{
	if (t->prev)
		t->prev->next = t->next;
	else
		threads = t->next;
	if (t->next)
		t->next->prev = t->prev;
	t->next = t->prev = NULL;
}

/* To the mid heap of p's arena; if another thread holds that arena's lock,
 * the holder frees p at its next turn: a free never sleeps. */
static void mid_release(void *p, size_t usable)
{
	struct asrt_arena *a =
		((struct asrt_segment *)((uintptr_t)p & ~(uintptr_t)ASRT_SEG_MASK))->arena;
	asrt_stats_live_sub(usable);
	if (pthread_mutex_trylock(&a->lock) != 0) {
		asrt_mid_defer(a, p);
		return;
	}
	asrt_mid_free(a, p);
	int bulk = asrt_purge_after_free(a);
	asrt_arena_unlock(a);
	if (bulk)
		asrt_purge_spread(a);
}

void asrt_tcache_mid_free(struct asrt_thread *t, void *p, size_t usable)
{
	/* Into the bin of the highest range whose top the block reaches (one
   * cut for a range reaches its top). */
	if (t->state == ASRT_T_READY && usable >= ASRT_SMALL_MAX + ASRT_MID_STEP &&
	    usable < ASRT_MID_CACHE_MAX + ASRT_MID_STEP &&
	    t->mid_bytes + usable <= mid_budget) {
		unsigned i = (unsigned)((usable - ASRT_SMALL_MAX) >> ASRT_MID_STEP_SHIFT) - 1;
		if (i >= ASRT_MID_BINS)
			i = ASRT_MID_BINS - 1;
		uintptr_t *b = p;
		b[0] = (uintptr_t)t->mid_bin[i];
		b[1] = asrt_key(p);
		b[2] = usable;
		t->mid_bin[i] = p;
		t->mid_bytes += usable;
		return;
	}
	mid_release(p, usable);
}

/* Runs as the thread exits: its cached blocks go back to their heaps. */
static void thread_exit(void *arg)
{
	struct asrt_thread *t = arg;
	for (unsigned c = 0; c < ASRT_NCLASS; c++)
		asrt_tcache_flush(t, c, 0);
	for (unsigned i = 0; i < ASRT_MID_BINS; i++) {
		while (t->mid_bin[i]) {
			uintptr_t *b = t->mid_bin[i];
			t->mid_bin[i] = (void *)b[0];
			mid_release(b, b[2]);
		}
	}
	t->mid_bytes = 0;
	t->state = ASRT_T_DEAD;
	pthread_mutex_lock(&registry_lock);
	atomic_fetch_add(&gone_nalloc, atomic_load(&t->nalloc));
	atomic_fetch_add(&gone_nfree, atomic_load(&t->nfree));
	atomic_store(&t->nalloc, 0);
	atomic_store(&t->nfree, 0);
	registry_unlink(t);
	pthread_mutex_unlock(&registry_lock);
}

void asrt_tcache_init(void)
{
	/* About 32 KiB per bin, between 8 and 64 blocks. */
	for (unsigned c = 0; c < ASRT_NCLASS; c++) {
		size_t n = asrt_option(ASRT_OPT_TCACHE) ? 32768 / asrt_class_size(c) : 0;
		asrt_tcache_caps[c] = (uint32_t)(n == 0 ? 0 : n < 8 ? 8
						      : n > 64      ? 64
								    : n);
	}
	mid_budget = asrt_option(ASRT_OPT_TCACHE) ? ASRT_MID_CACHE_BYTES : 0;
	pthread_key_create(&exit_key, thread_exit);
}

void asrt_thread_setup(struct asrt_thread *t)
{
	t->state = ASRT_T_INITING; /* allocations from here on bypass the cache */
	t->home.arena = asrt_arena_first();
	pthread_mutex_lock(&registry_lock);
	t->prev = NULL;
	t->next = threads;
	if (threads)
		threads->prev = t;
	threads = t;
	pthread_mutex_unlock(&registry_lock);
	pthread_setspecific(exit_key, t); /* may allocate for high key numbers */
	t->state = ASRT_T_READY;
}

void *asrt_tcache_refill(struct asrt_thread *t, unsigned cls)
{
	uint32_t want = asrt_tcache_caps[cls] / 2 + 1;
	size_t size = asrt_class_size(cls);
	void *first = NULL, **head = NULL, **tail = NULL;
	uint32_t got = 0;
	struct asrt_arena *a = asrt_arena_lock_home(&t->home);
	uint32_t n;
	void **batch = asrt_slab_take_batch(a, cls, &n);
	if (batch) { /* the bin is empty: the batch becomes it */
		asrt_arena_unlock(a);
		t->bin[cls] = batch[0];
		t->count[cls] = n - 1;
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
		t->count[cls] += got - 1;
	}
	if (got)
		asrt_stats_live_add(got * size);
	return first;
}

static struct asrt_arena *arena_of(const void *p)
{
	return ((struct asrt_segment *)((uintptr_t)p & ~(uintptr_t)ASRT_SEG_MASK))
		->arena;
}

void asrt_tcache_flush(struct asrt_thread *t, unsigned cls, uint32_t keep)
{
	if (t->count[cls] <= keep)
		return;
	/* Keep the most recently freed (cache-warm) blocks at the head. */
	void **tail = t->bin[cls], **b;
	if (keep) {
		for (uint32_t i = 1; i < keep; i++)
			tail = tail[0];
		b = tail[0];
		tail[0] = NULL;
	} else {
		b = t->bin[cls];
		t->bin[cls] = NULL;
	}
	uint32_t n = t->count[cls] - keep;
	t->count[cls] = keep;
	asrt_stats_live_sub(n * asrt_class_size(cls));
	/* Blocks of an arena another thread holds (a cross-thread free, mostly)
   * wait on its deferred list: a flush never sleeps on a lock. Blocks all
   * of one arena (the common case) go as one chain: kept whole for the
   * next refill, or deferred with one compare-and-swap. */
	struct asrt_arena *one = arena_of(b);
	void **last = b;
	while (last[0] && arena_of(last[0]) == one)
		last = last[0];
	if (!last[0]) {
		if (pthread_mutex_trylock(&one->lock) != 0) {
			asrt_slab_defer(one, b, last);
			return;
		}
		asrt_slab_drain(one);
		if (!asrt_slab_put_batch(one, cls, b, n)) {
			asrt_slab_free_chain(one, b);
			asrt_purge_slabs(one);
		}
		asrt_arena_unlock(one);
		return;
	}
	struct asrt_arena *locked = NULL, *busy = NULL;
	while (b) {
		void **next = b[0];
		struct asrt_segment *seg =
			(struct asrt_segment *)((uintptr_t)b & ~(uintptr_t)ASRT_SEG_MASK);
		struct asrt_arena *a = seg->arena;
		b[0] = NULL; /* a chain of one, for asrt_slab_defer */
		if (a != locked && a != busy) {
			if (locked) {
				asrt_purge_slabs(locked);
				asrt_arena_unlock(locked);
				locked = NULL;
			}
			busy = NULL;
			if (pthread_mutex_trylock(&a->lock) == 0) {
				locked = a;
				asrt_slab_drain(a);
			} else {
				busy = a;
			}
		}
		if (a == busy)
			asrt_slab_defer(a, b, b);
		else
			asrt_slab_free(a, asrt_slab_of(seg, b), b);
		b = next;
	}
	if (locked) {
		asrt_purge_slabs(locked);
		asrt_arena_unlock(locked);
	}
}

void asrt_tcache_counts(uint64_t *nalloc, uint64_t *nfree)
{
	pthread_mutex_lock(&registry_lock);
	*nalloc = atomic_load(&gone_nalloc);
	*nfree = atomic_load(&gone_nfree);
	for (struct asrt_thread *t = threads; t; t = t->next) {
		*nalloc += atomic_load_explicit(&t->nalloc, memory_order_relaxed);
		*nfree += atomic_load_explicit(&t->nfree, memory_order_relaxed);
	}
	pthread_mutex_unlock(&registry_lock);
}

void asrt_tcache_fork_prepare(void)
{
	pthread_mutex_lock(&registry_lock);
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
	for (struct asrt_thread *t = threads; t; t = t->next) {
		if (t == self)
			continue;
		atomic_fetch_add(&gone_nalloc, atomic_load(&t->nalloc));
		atomic_fetch_add(&gone_nfree, atomic_load(&t->nfree));
	}
	threads = NULL;
	if (self->state == ASRT_T_READY || self->state == ASRT_T_INITING) {
		self->next = self->prev = NULL;
		threads = self;
	}
}
