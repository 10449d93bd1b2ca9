/* Huge blocks: at or above the mmap threshold each block is its own
 * granule-aligned mapping, returned to the kernel by free. The header sits
 * at the mapping's start, the block at a fixed offset after it. A block
 * aligned to a granule or more starts a granule of its own, so those few
 * are found through a small table instead of by masking. A few freed
 * mappings are kept for reuse, so a program cycling blocks above the mid
 * heap's limit does not pay mmap, a fault per page and munmap each time. */
#include "asrt_internal.h"

#include <errno.h>
#include <pthread.h>
#include <stdint.h>
#include <string.h>

#define FAR_SLOTS 64
static pthread_mutex_t far_lock = PTHREAD_MUTEX_INITIALIZER;
static struct {
	const void *block;
	struct asrt_segment *seg;
} far[FAR_SLOTS];

static int far_set(const void *block, struct asrt_segment *seg)
{
	int rc = -1;
	pthread_mutex_lock(&far_lock);
	for (int i = 0; i < FAR_SLOTS && rc; i++) {
		if (far[i].block == block || (!far[i].block && seg)) {
			far[i].block = seg ? block : NULL;
			far[i].seg = seg;
			rc = 0;
		}
	}
	pthread_mutex_unlock(&far_lock);
	return rc;
}

/* Freed mappings wait here, oldest first, for a request of about their
 * size: resizing one with mremap (pages move, nothing is copied or
 * faulted) costs far less than mapping, faulting in and unmapping fresh
 * pages each time. How many bytes wait, and for how long, is the purge
 * policy's (asrt_purge.c). Cached mappings are out of the registry, so a
 * double free of their old block is still caught. */
#define CACHE_SLOTS 32
static pthread_mutex_t cache_lock = PTHREAD_MUTEX_INITIALIZER;
static struct {
	struct asrt_segment *seg;
	uint64_t freed_ms;
} cache[CACHE_SLOTS];
static unsigned ncached;
static _Atomic size_t cached_bytes;

void asrt_huge_fork_prepare(void)
{
	pthread_mutex_lock(&far_lock);
	pthread_mutex_lock(&cache_lock);
}

void asrt_huge_fork_parent(void)
{
	pthread_mutex_unlock(&cache_lock);
	pthread_mutex_unlock(&far_lock);
}

void asrt_huge_fork_child(void)
{
	pthread_mutex_init(&cache_lock, NULL);
	pthread_mutex_init(&far_lock, NULL);
}

static struct asrt_segment *cache_drop(unsigned i)
{
	struct asrt_segment *seg = cache[i].seg;
	cached_bytes -= seg->map_size;
	for (unsigned j = i + 1; j < ncached; j++)
		cache[j - 1] = cache[j];
	ncached--;
	return seg;
}

/* The cached mapping nearest in size: the smallest that holds size, else
 * the largest (to be grown by remapping); NULL when the cache is empty. */
static struct asrt_segment *cache_take(size_t size)
{
	int best = -1;
	pthread_mutex_lock(&cache_lock);
	for (unsigned i = 0; i < ncached; i++) {
		size_t m = cache[i].seg->map_size;
		size_t b = best < 0 ? 0 : cache[best].seg->map_size;
		if (best < 0 || (m >= size ? b < size || m < b : b < size && m > b))
			best = (int)i;
	}
	struct asrt_segment *seg = best < 0 ? NULL : cache_drop((unsigned)best);
	pthread_mutex_unlock(&cache_lock);
	return seg;
}

static void unmap_all(struct asrt_segment **out, unsigned n)
{
	for (unsigned i = 0; i < n; i++)
		asrt_os_unmap(out[i], out[i]->map_size);
}

static void cache_put(struct asrt_segment *seg)
{
	pthread_mutex_lock(&cache_lock);
	struct asrt_segment *out = ncached == CACHE_SLOTS ? cache_drop(0) : NULL;
	cache[ncached].seg = seg;
	cache[ncached].freed_ms = asrt_now_ms();
	ncached++;
	cached_bytes += seg->map_size;
	pthread_mutex_unlock(&cache_lock);
	if (out)
		unmap_all(&out, 1); /* outside the lock */
}

size_t asrt_huge_cached(void)
{
	return atomic_load_explicit(&cached_bytes, memory_order_relaxed);
}

void asrt_huge_purge(size_t keep, uint64_t older_than_ms)
{
	struct asrt_segment *out[CACHE_SLOTS];
	unsigned n = 0;
	pthread_mutex_lock(&cache_lock);
	while (ncached &&
	       (cached_bytes > keep || cache[0].freed_ms < older_than_ms))
		out[n++] = cache_drop(0);
	pthread_mutex_unlock(&cache_lock);
	unmap_all(out, n);
}

struct asrt_segment *asrt_huge_far(const void *p)
{
	struct asrt_segment *seg = NULL;
	if ((uintptr_t)p & ASRT_SEG_MASK)
		return NULL;
	pthread_mutex_lock(&far_lock);
	for (int i = 0; i < FAR_SLOTS; i++)
		if (far[i].block == p)
			seg = far[i].seg;
	pthread_mutex_unlock(&far_lock);
	return seg;
}

struct huge_hdr {
	struct asrt_segment seg;
	size_t offset; /* from the mapping's start to the block */
};

#define HUGE_OFF 64

/* Starts at MMAP_THRESHOLD and, as glibc's does, rises to the size of a
 * freed huge block (up to the mid heap's limit): a program that keeps
 * cycling blocks of that size then reuses heap memory instead of paying
 * mmap, page faults and munmap each time. 0 = not read yet. */
static _Atomic size_t threshold;

size_t asrt_huge_threshold(void)
{
	size_t t = atomic_load_explicit(&threshold, memory_order_relaxed);
	if (ASRT_LIKELY(t))
		return t;
	long v = asrt_option(ASRT_OPT_MMAP_THRESHOLD);
	t = v < 65536 ? 65536 : (size_t)v > ASRT_MID_MAX ? ASRT_MID_MAX
							 : (size_t)v;
	atomic_store_explicit(&threshold, t, memory_order_relaxed);
	return t;
}

static void raise_threshold(size_t freed)
{
	size_t t = asrt_huge_threshold();
	if (freed > t && freed <= ASRT_MID_MAX)
		atomic_store_explicit(&threshold, freed, memory_order_relaxed);
}

static size_t page_up(size_t n)
{
	return (n + ASRT_PAGE - 1) & ~(ASRT_PAGE - 1);
}

/* The largest huge request of the last two DECAY_MS windows: a tail cut
 * from a cached mapping is kept only while the cache holds less than twice
 * that, enough for the next request whatever its size (a heuristic: racy
 * updates only make it keep a tail more or less). */
static _Atomic size_t demand_now, demand_before;
static _Atomic uint64_t demand_window;

static void note_demand(size_t size)
{
	uint64_t w = asrt_now_ms() / (uint64_t)(asrt_option(ASRT_OPT_DECAY_MS) + 1);
	if (atomic_exchange_explicit(&demand_window, w, memory_order_relaxed) != w) {
		atomic_store_explicit(&demand_before,
				      atomic_load_explicit(&demand_now, memory_order_relaxed),
				      memory_order_relaxed);
		atomic_store_explicit(&demand_now, 0, memory_order_relaxed);
	}
	if (atomic_load_explicit(&demand_now, memory_order_relaxed) < size)
		atomic_store_explicit(&demand_now, size, memory_order_relaxed);
}

static int tail_wanted(size_t tail)
{
	size_t a = atomic_load_explicit(&demand_now, memory_order_relaxed);
	size_t b = atomic_load_explicit(&demand_before, memory_order_relaxed);
	return asrt_huge_cached() + tail <= 2 * (a > b ? a : b);
}

/* A cached mapping resized to size bytes: the new address, or NULL (and
 * the mapping gone) when the kernel refused. *fresh: from which offset the
 * pages are new (read as zeros).
 * A bigger mapping is cut at the first granule boundary at or above size.
 * Its tail waits in the cache as a mapping of its own, pages resident, for
 * the next request (a block of megabytes replaced by a smaller one, then by
 * a bigger one, faults no page in), unless the cache is already big next to
 * recent requests. The pages between size and the cut go back to the
 * kernel unless they are few: the block holds no big tail resident. */
static struct huge_hdr *reuse(struct asrt_segment *seg, size_t size,
			      size_t *fresh)
{
	size_t m = seg->map_size;
	*fresh = m;
	if (m >= size) {
		size_t cut = (size + ASRT_SEG_SIZE - 1) & ~(size_t)(ASRT_SEG_SIZE - 1);
		if (cut < m) {
			struct asrt_segment *tail = (struct asrt_segment *)((char *)seg + cut);
			if (tail_wanted(m - cut)) {
				tail->map_size = m - cut;
				cache_put(tail);
			} else {
				asrt_os_unmap(tail, m - cut);
			}
			seg->map_size = m = cut;
		}
		if (m - size > size / 4)
			asrt_os_purge((char *)seg + size, m - size);
		return (struct huge_hdr *)seg;
	}
	void *q = asrt_os_remap(seg, m, size, ASRT_SEG_SIZE);
	if (!q) {
		asrt_os_unmap(seg, m);
		return NULL;
	}
	((struct asrt_segment *)q)->map_size = size;
	return q;
}

void *asrt_huge_alloc(size_t n, size_t align, int zero)
{
	size_t off = align > HUGE_OFF ? align : HUGE_OFF;
	if (n > PTRDIFF_MAX - off - ASRT_SEG_SIZE) {
		errno = ENOMEM;
		return NULL;
	}
	size_t size = page_up(off + n), fresh = 0;
	note_demand(size);
	struct asrt_segment *old = off == HUGE_OFF ? cache_take(size) : NULL;
	struct huge_hdr *h = old ? reuse(old, size, &fresh) : NULL;
	if (h) {
		size = h->seg.map_size;
		if (zero && fresh > off)
			memset((char *)h + off, 0, (fresh < off + n ? fresh : off + n) - off);
	} else {
		h = asrt_os_map(size, align > ASRT_SEG_SIZE ? align : ASRT_SEG_SIZE);
		if (!h)
			return NULL;
		asrt_purge_for_huge(size);
	}
	h->seg.magic = ASRT_SEG_MAGIC;
	h->seg.kind = ASRT_SEG_HUGE;
	h->seg.arena = NULL;
	h->seg.map_size = size;
	h->offset = off;
	if (off >= ASRT_SEG_SIZE && far_set((char *)h + off, &h->seg) != 0) {
		asrt_os_unmap(h, size);
		errno = ENOMEM;
		return NULL;
	}
	asrt_os_register(h);
	asrt_stats_add(&asrt_stats.huge_allocs, 1);
	asrt_stats_live_add(size - off);
	return (char *)h + off;
}

void asrt_huge_validate(struct asrt_segment *seg, const void *p,
			const char *fn)
{
	if ((const char *)p != (const char *)seg + ((struct huge_hdr *)seg)->offset)
		asrt_die_invalid(fn, p);
}

void asrt_huge_free(struct asrt_segment *seg, void *p)
{
	(void)p;
	struct huge_hdr *h = (struct huge_hdr *)seg;
	raise_threshold(seg->map_size - h->offset);
	asrt_stats_live_sub(seg->map_size - h->offset);
	if (h->offset >= ASRT_SEG_SIZE)
		far_set((char *)h + h->offset, NULL);
	asrt_os_unregister(seg);
	seg->magic = 0;
	if (h->offset == HUGE_OFF)
		cache_put(seg);
	else
		asrt_os_unmap(seg, seg->map_size);
}

size_t asrt_huge_usable(struct asrt_segment *seg, const void *p)
{
	(void)p;
	return seg->map_size - ((struct huge_hdr *)seg)->offset;
}

void *asrt_huge_resize(struct asrt_segment *seg, void *p, size_t n)
{
	struct huge_hdr *h = (struct huge_hdr *)seg;
	if (n > PTRDIFF_MAX - h->offset - ASRT_SEG_SIZE)
		return NULL;
	size_t old = seg->map_size, size = page_up(h->offset + n);
	if (size == old)
		return p;
	if (asrt_os_remap_inplace(seg, old, size) != 0) {
		/* Moved: with room to grow again in place; pages never written
     * cost no memory, but count against RLIMIT_AS, so without that room
     * if it does not fit. Blocks aligned beyond a granule stay put. */
		if (size < old || h->offset != HUGE_OFF)
			return NULL;
		size_t room = page_up(size + size / 2);
		void *q = asrt_os_remap(seg, old, room, ASRT_SEG_SIZE);
		if (q)
			size = room;
		else if (!(q = asrt_os_remap(seg, old, size, ASRT_SEG_SIZE)))
			return NULL;
		asrt_os_unregister(seg);
		h = q;
		asrt_os_register(h);
	}
	h->seg.map_size = size;
	if (size > old) {
		asrt_stats_live_add(size - old);
		asrt_purge_for_huge(size - old);
	} else {
		asrt_stats_live_sub(old - size);
	}
	return (char *)h + h->offset;
}
