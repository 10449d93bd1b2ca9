/* The mid heap: blocks above the small classes and below the mmap threshold
 * (the 1 KiB..1 MiB range where frag-type workloads live) are cut to the
 * byte (16-byte granules) from 4 MiB segments, so a 20,000-byte string costs
 * 20,016 bytes rather than a size class's rounding. Free chunks are found
 * in O(1) by a two-level segregated fit (16 bins per power of two), coalesce
 * through boundary tags, and sit on a FIFO "dirty" list while their inner
 * pages may be resident, oldest first, for the purge policy
 * (asrt_purge.c) to return. All functions run under the arena's lock,
 * except the read-only validate and usable and the lock-free defer. */
#include "asrt_internal.h"

#include <errno.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>

struct asrt_chunk {
	size_t prev_size; /* size of the previous chunk while that one is free */
	size_t head;      /* size | tag << 48 | flags */
	/* Only in free chunks: */
	struct asrt_chunk *next, *prev;   /* bin */
	struct asrt_chunk *dnext, *dprev; /* dirty list */
	size_t dirty;                     /* inner bytes that may be resident */
	uint64_t freed_ms;                /* since when it may be resident unused */
};

#define HDR ASRT_CHUNK_HDR
#define MIN_CHUNK 64
#define F_USED ASRT_CHUNK_USED
#define F_PREV_FREE 2u
#define SIZE_MASK ASRT_CHUNK_SIZE_MASK
#define TAG_SHIFT ASRT_CHUNK_TAG_SHIFT
#define REGION_OFF ASRT_MID_REGION_OFF
#define REGION_SIZE (ASRT_SEG_SIZE - REGION_OFF - HDR)

static size_t csize(const struct asrt_chunk *c)
{
	return c->head & SIZE_MASK;
}

static struct asrt_chunk *cnext(struct asrt_chunk *c)
{
	return (struct asrt_chunk *)((char *)c + csize(c));
}

static size_t ctag(const void *c)
{
	return asrt_chunk_tag(c);
}

static void set_used(struct asrt_chunk *c, size_t size)
{
	c->head = size | (c->head & F_PREV_FREE) | F_USED | ctag(c) << TAG_SHIFT;
	cnext(c)->head &= ~(size_t)F_PREV_FREE;
}

static void set_free(struct asrt_chunk *c, size_t size)
{
	c->head = size | (c->head & F_PREV_FREE) | (ctag(c) ^ 0xffff) << TAG_SHIFT;
	struct asrt_chunk *n = cnext(c);
	n->prev_size = size;
	n->head |= F_PREV_FREE;
}

static size_t inner_bytes(const struct asrt_chunk *c, size_t size)
{
	uintptr_t lo = ((uintptr_t)c + sizeof *c + ASRT_PAGE - 1) & ~(ASRT_PAGE - 1);
	uintptr_t hi = ((uintptr_t)c + size) & ~(ASRT_PAGE - 1);
	return hi > lo ? hi - lo : 0;
}

static void mapping(size_t size, unsigned *fl, unsigned *sl)
{
	if (size < 256) {
		*fl = 0;
		*sl = (unsigned)(size >> 4);
		return;
	}
	unsigned b = 63u - (unsigned)__builtin_clzl(size);
	*fl = b - 7;
	*sl = (unsigned)(size >> (b - 4)) & 15;
}

static void bin_insert(struct asrt_mid_heap *h, struct asrt_chunk *c)
{
	unsigned fl, sl;
	mapping(csize(c), &fl, &sl);
	c->prev = NULL;
	c->next = h->bins[fl][sl];
	if (c->next)
		c->next->prev = c;
	h->bins[fl][sl] = c;
	h->fl_map |= 1u << fl;
	h->sl_map[fl] |= 1u << sl;
}

static void bin_remove(struct asrt_mid_heap *h, struct asrt_chunk *c)
{
	unsigned fl, sl;
	mapping(csize(c), &fl, &sl);
	if (c->prev)
		c->prev->next = c->next;
	else
		h->bins[fl][sl] = c->next;
	if (c->next)
		c->next->prev = c->prev;
	if (!h->bins[fl][sl]) {
		h->sl_map[fl] &= ~(1u << sl);
		if (!h->sl_map[fl])
			h->fl_map &= ~(1u << fl);
	}
}

/* Puts c (d of its bytes may be resident) on the dirty list after *pos
 * (at the head when NULL), stamped stamp; *pos becomes c. A piece of a
 * dirty chunk cut apart keeps that chunk's place and stamp: a cut is no
 * use of the leftover, and restamped, a hole cut again and again never
 * decayed. */
static void dirty_keep(struct asrt_mid_heap *h, struct asrt_chunk **pos,
		       uint64_t stamp, struct asrt_chunk *c, size_t d)
{
	c->dirty = d;
	if (!d)
		return;
	c->freed_ms = stamp;
	c->dprev = *pos;
	c->dnext = *pos ? (*pos)->dnext : h->dirty_head;
	if (c->dprev)
		c->dprev->dnext = c;
	else
		h->dirty_head = c;
	if (c->dnext)
		c->dnext->dprev = c;
	else
		h->dirty_tail = c;
	h->dirty += d;
	*pos = c;
}

/* Puts c (d of its bytes may be resident) at the dirty list's tail,
 * stamped now. */
static void dirty_add(struct asrt_mid_heap *h, struct asrt_chunk *c,
		      size_t d)
{
	struct asrt_chunk *tail = h->dirty_tail;

	if (d && !h->now_ms) /* an allocation's: read when first needed */
		h->now_ms = asrt_now_ms();
	dirty_keep(h, &tail, h->now_ms, c, d);
}

/* Takes c off the dirty list; returns how many dirty bytes it had. */
static size_t dirty_remove(struct asrt_mid_heap *h, struct asrt_chunk *c)
{
	size_t d = c->dirty;
	if (!d)
		return 0;
	if (c->dprev)
		c->dprev->dnext = c->dnext;
	else
		h->dirty_head = c->dnext;
	if (c->dnext)
		c->dnext->dprev = c->dprev;
	else
		h->dirty_tail = c->dprev;
	h->dirty -= d;
	c->dirty = 0;
	return d;
}

static void segment_release(struct asrt_arena *a, struct asrt_segment *seg);

static struct asrt_segment *segment_of_chunk(const struct asrt_chunk *c)
{
	return (struct asrt_segment *)((uintptr_t)c & ~(uintptr_t)ASRT_SEG_MASK);
}

/* An entirely free segment is unmapped rather than madvised, unless it is
 * the arena's last. Empty segments otherwise wait like any free chunk, so
 * a sliding window of allocations does not map and unmap all the time. */
static void purge_chunk(struct asrt_arena *a, struct asrt_chunk *c)
{
	struct asrt_mid_heap *h = &a->mid;
	dirty_remove(h, c);
	if (csize(c) == REGION_SIZE && h->nsegs > 1) {
		bin_remove(h, c);
		segment_release(a, segment_of_chunk(c));
		return;
	}
	asrt_os_purge_add(&h->batch, (char *)c + sizeof *c, csize(c) - sizeof *c);
}

void asrt_mid_purge(struct asrt_arena *a, size_t keep,
		    uint64_t older_than_ms)
{
	struct asrt_mid_heap *h = &a->mid;
	while (h->dirty_head &&
	       (h->dirty > keep || h->dirty_head->freed_ms < older_than_ms))
		purge_chunk(a, h->dirty_head);
}

size_t asrt_mid_take_freed(struct asrt_arena *a)
{
	size_t n = a->mid.freed;
	a->mid.freed = 0;
	return n;
}

static struct asrt_chunk *region_first(struct asrt_segment *seg)
{
	return (struct asrt_chunk *)((char *)seg + REGION_OFF);
}

static int segment_new(struct asrt_arena *a)
{
	struct asrt_segment *seg = asrt_os_map(ASRT_SEG_SIZE, ASRT_SEG_SIZE);
	if (!seg)
		return -1;
	seg->magic = ASRT_SEG_MAGIC;
	seg->kind = ASRT_SEG_MID;
	seg->arena = a;
	seg->map_size = ASRT_SEG_SIZE;
	seg->prev = NULL;
	seg->next = a->mid.segs;
	if (seg->next)
		seg->next->prev = seg;
	a->mid.segs = seg;
	a->mid.nsegs++;
	struct asrt_chunk *sentinel =
		(struct asrt_chunk *)((char *)seg + ASRT_SEG_SIZE - HDR);
	sentinel->head = F_USED;
	struct asrt_chunk *c = region_first(seg);
	c->head = 0;
	set_free(c, REGION_SIZE);
	bin_insert(&a->mid, c);
	c->dirty = 0; /* fresh pages are not resident */
	asrt_os_register(seg);
	return 0;
}

static void segment_release(struct asrt_arena *a, struct asrt_segment *seg)
{
	if (seg->prev)
		seg->prev->next = seg->next;
	else
		a->mid.segs = seg->next;
	if (seg->next)
		seg->next->prev = seg->prev;
	a->mid.nsegs--;
	asrt_os_purge_flush(&a->mid.batch); /* no queued range may outlive its map */
	asrt_os_unregister(seg);
	seg->magic = 0;
	asrt_os_unmap(seg, ASRT_SEG_SIZE);
}

/* Makes [c, c + size) one free chunk, merged with free neighbours, with d
 * bytes possibly resident. c's head must already carry its PREV_FREE bit. */
static void release_range(struct asrt_arena *a, struct asrt_chunk *c,
			  size_t size, size_t d)
{
	struct asrt_mid_heap *h = &a->mid;
	set_free(c, size); /* also marks c freed should it be merged away */
	struct asrt_chunk *n = cnext(c);
	if (!(n->head & F_USED)) {
		bin_remove(h, n);
		d += dirty_remove(h, n);
		size += csize(n);
	}
	if (c->head & F_PREV_FREE) {
		struct asrt_chunk *p = (struct asrt_chunk *)((char *)c - c->prev_size);
		bin_remove(h, p);
		d += dirty_remove(h, p);
		size += csize(p);
		c = p;
	}
	set_free(c, size);
	bin_insert(h, c);
	size_t in = inner_bytes(c, size);
	dirty_add(h, c, d < in ? d : in);
}

static struct asrt_chunk *find_fit(struct asrt_mid_heap *h, size_t n)
{
	unsigned fl, sl;
	mapping(n, &fl, &sl);
	/* The smallest fit among the first few of n's own bin, before a chunk
   * from a larger bin is cut: the holes between survivors are refilled more
   * tightly. Few looks, as each one is a cache miss. */
	struct asrt_chunk *best = NULL;
	int looks = 4;
	for (struct asrt_chunk *c = h->bins[fl][sl]; c && looks--; c = c->next)
		if (csize(c) >= n && (!best || csize(c) < csize(best)))
			best = c;
	if (best)
		return best;
	if (n < 256) {
		sl++;
	} else {
		/* Round up to the next bin, where every chunk fits. */
		unsigned b = 63u - (unsigned)__builtin_clzl(n);
		mapping(n + ((size_t)1 << (b - 4)) - 1, &fl, &sl);
		if (fl >= ASRT_TLSF_FL)
			return NULL;
	}
	uint32_t slm = sl < 32 ? h->sl_map[fl] & (~0u << sl) : 0;
	if (!slm) {
		uint32_t flm = fl + 1 < 32 ? h->fl_map & (~0u << (fl + 1)) : 0;
		if (!flm)
			return NULL;
		fl = (unsigned)__builtin_ctz(flm);
		slm = h->sl_map[fl];
	}
	return h->bins[fl][__builtin_ctz(slm)];
}

static void free_one(struct asrt_arena *a, void *p)
{
	struct asrt_chunk *c = (struct asrt_chunk *)((char *)p - HDR);
	size_t size = csize(c);
	a->mid.live -= size;
	a->mid.freed += size;
	release_range(a, c, size, inner_bytes(c, size));
}

void asrt_mid_defer(struct asrt_arena *a, void *p)
{
	void **b = p;
	b[1] = (void *)asrt_key(p);
	void *head = atomic_load_explicit(&a->mid.deferred, memory_order_relaxed);
	do
		b[0] = head;
	while (!atomic_compare_exchange_weak_explicit(&a->mid.deferred, &head, p,
						      memory_order_release,
						      memory_order_relaxed));
}

/* Under the lock. A drained block keeps its key: asrt_mid_alloc clears it
 * from whatever block it hands out. */
static void drain(struct asrt_arena *a)
{
	if (!atomic_load_explicit(&a->mid.deferred, memory_order_relaxed))
		return;
	void **b = atomic_exchange_explicit(&a->mid.deferred, NULL,
					    memory_order_acquire);
	while (b) {
		void **next = b[0];
		free_one(a, b);
		b = next;
	}
}

void *asrt_mid_alloc(struct asrt_arena *a, size_t n, size_t align,
		     int *cold)
{
	struct asrt_mid_heap *h = &a->mid;
	h->now_ms = 0; /* read only should a drained free need it */
	drain(a);
	asrt_os_purge_flush(&h->batch); /* queued ranges must not be handed out */
	size_t need = (n + HDR + 15) & ~(size_t)15;
	if (need < MIN_CHUNK)
		need = MIN_CHUNK;
	size_t search = align > ASRT_ALIGN ? need + align + MIN_CHUNK : need;
	if (search > REGION_SIZE) {
		errno = ENOMEM;
		return NULL;
	}
	struct asrt_chunk *c = find_fit(h, search);
	if (!c) {
		if (segment_new(a) != 0)
			return NULL;
		c = find_fit(h, search);
	}
	bin_remove(h, c);
	struct asrt_chunk *pos = c->dirty ? c->dprev : NULL;
	uint64_t stamp = c->freed_ms;
	size_t d = dirty_remove(h, c);
	size_t size = csize(c);
	/* Mostly fresh or purged pages (the dirty count is an upper bound, its
   * pages may lie anywhere in the chunk). */
	*cold = d < inner_bytes(c, size) / 2;
	if (align > ASRT_ALIGN) {
		uintptr_t u = ((uintptr_t)c + HDR + align - 1) & ~(uintptr_t)(align - 1);
		while (u - HDR - (uintptr_t)c != 0 && u - HDR - (uintptr_t)c < MIN_CHUNK)
			u += align;
		size_t front = u - HDR - (uintptr_t)c;
		if (front) {
			struct asrt_chunk *rest = (struct asrt_chunk *)((char *)c + front);
			set_free(c, front);
			bin_insert(h, c);
			size_t in = inner_bytes(c, front);
			dirty_keep(h, &pos, stamp, c, d < in ? d : in);
			c = rest;
			size -= front;
			c->head = size | F_PREV_FREE;
		}
	}
	if (size - need >= MIN_CHUNK) {
		struct asrt_chunk *r = (struct asrt_chunk *)((char *)c + need);
		set_used(c, need);
		set_free(r, size - need);
		bin_insert(h, r);
		size_t in = inner_bytes(r, size - need);
		dirty_keep(h, &pos, stamp, r, d < in ? d : in);
	} else {
		need = size;
		set_used(c, need);
	}
	h->live += need;
	/* Whatever cut this is (aligned, split, whole), its second word may be
	 * a free key left by a block that was freed keyed and merged: a block
	 * handed out never carries one, or its first free looks like a second. */
	void **p = (void **)((char *)c + HDR);
	p[1] = NULL;
	return p;
}

void asrt_mid_free(struct asrt_arena *a, void *const *p, unsigned n)
{
	a->mid.now_ms = asrt_now_ms();
	drain(a);
	for (unsigned i = 0; i < n; i++)
		free_one(a, p[i]);
}

int asrt_mid_resize(struct asrt_arena *a, void *p, size_t n)
{
	struct asrt_mid_heap *h = &a->mid;
	struct asrt_chunk *c = (struct asrt_chunk *)((char *)p - HDR);
	size_t size = csize(c);
	size_t need = (n + HDR + 15) & ~(size_t)15;
	if (need < MIN_CHUNK)
		need = MIN_CHUNK;
	if (need <= size) {
		if (size - need < MIN_CHUNK)
			return 0;
		struct asrt_chunk *tail = (struct asrt_chunk *)((char *)c + need);
		c->head = (c->head & ~SIZE_MASK) | need;
		tail->head = 0; /* previous (c) is in use */
		h->live -= size - need;
		h->now_ms = asrt_now_ms();
		release_range(a, tail, size - need, size - need);
		return 0;
	}
	struct asrt_chunk *nx = cnext(c);
	if ((nx->head & F_USED) || size + csize(nx) < need)
		return -1;
	asrt_os_purge_flush(&h->batch);
	size_t total = size + csize(nx);
	bin_remove(h, nx);
	struct asrt_chunk *pos = nx->dirty ? nx->dprev : NULL;
	uint64_t stamp = nx->freed_ms;
	size_t d = dirty_remove(h, nx);
	if (total - need >= MIN_CHUNK) {
		struct asrt_chunk *r = (struct asrt_chunk *)((char *)c + need);
		set_used(c, need);
		r->head = 0;
		set_free(r, total - need);
		bin_insert(h, r);
		size_t in = inner_bytes(r, total - need);
		dirty_keep(h, &pos, stamp, r, d < in ? d : in);
	} else {
		need = total;
		set_used(c, need);
	}
	h->live += need - size;
	return 0;
}

/* Walks the segment's chunks: is p a chunk boundary? Slow; for CHECK. */
static int on_boundary(struct asrt_segment *seg, const struct asrt_chunk *c)
{
	struct asrt_chunk *q = region_first(seg);
	while (csize(q)) {
		if (q == c)
			return 1;
		if (q > c)
			return 0;
		q = cnext(q);
	}
	return 0;
}

void asrt_mid_validate(struct asrt_segment *seg, const void *p,
		       const char *fn)
{
	if (asrt_mid_used(seg, p))
		return;
	uintptr_t u = (uintptr_t)p, base = (uintptr_t)seg;
	if ((u & 15) || u < base + REGION_OFF + HDR ||
	    u >= base + ASRT_SEG_SIZE - HDR)
		asrt_die_invalid(fn, p);
	const struct asrt_chunk *c = (const struct asrt_chunk *)(u - HDR);
	if ((c->head >> TAG_SHIFT) == (ctag(c) ^ 0xffff) && !(c->head & F_USED))
		asrt_die_double(p);
	asrt_die_invalid(fn, p);
}

void asrt_mid_check(struct asrt_segment *seg, const void *p, const char *fn)
{
	if (!on_boundary(seg, (const struct asrt_chunk *)((const char *)p - HDR)))
		asrt_die_invalid(fn, p);
}

void asrt_mid_trim(struct asrt_arena *a)
{
	drain(a);
	while (a->mid.dirty_head)
		purge_chunk(a, a->mid.dirty_head);
	asrt_os_purge_flush(&a->mid.batch);
}

/* Under the arena's lock. Static buffers: the report runs once, at exit. */
void asrt_mid_census(struct asrt_arena *a, size_t *used_pages,
		     size_t *free_pages)
{
	enum { NPAGE = ASRT_SEG_SIZE / ASRT_PAGE };
	static unsigned char vec[NPAGE], used[NPAGE];
	drain(a);
	for (struct asrt_segment *seg = a->mid.segs; seg; seg = seg->next) {
		if (mincore(seg, ASRT_SEG_SIZE, vec) != 0)
			continue;
		memset(used, 0, sizeof used);
		used[0] = 1;
		for (struct asrt_chunk *c = region_first(seg); csize(c); c = cnext(c)) {
			uintptr_t off = (uintptr_t)c - (uintptr_t)seg;
			if (!(c->head & F_USED)) {
				used[off / ASRT_PAGE] = 1; /* the free chunk's own header */
				continue;
			}
			for (uintptr_t pg = off / ASRT_PAGE;
			     pg <= (off + csize(c) - 1) / ASRT_PAGE; pg++)
				used[pg] = 1;
		}
		for (size_t i = 0; i < NPAGE; i++)
			if (vec[i] & 1)
				*(used[i] ? used_pages : free_pages) += 1;
	}
}
