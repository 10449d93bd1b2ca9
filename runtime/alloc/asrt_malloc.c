/* The public malloc family. Small requests are served from the calling
 * thread's cache when it has a block (no lock, no atomic); everything else
 * goes to the thread's arena, or to its own mapping above the threshold.
 * Every free first proves the pointer is ours (registry, segment magic,
 * block geometry) and not already free, and aborts otherwise. */
#include "asrt_internal.h"

#include <errno.h>
#include <malloc.h>
#include <stdlib.h>
#include <string.h>

static size_t mmap_threshold(void)
{
	return asrt_huge_threshold();
}

/* Small blocks when the cache is empty, or for threads without a cache. */
static void *small_slow(unsigned cls)
{
	struct asrt_thread *t = asrt_thread();
	void **b;
	if (t->state == ASRT_T_READY) {
		b = asrt_tcache_refill(t, cls);
	} else {
		struct asrt_arena *a = t->home.arena ? t->home.arena : &asrt_arenas[0];
		asrt_arena_lock(a);
		b = asrt_slab_alloc(a, cls);
		asrt_arena_unlock(a);
		if (b)
			asrt_stats_live_add(asrt_class_size(cls));
	}
	if (!b)
		return NULL;
	b[1] = NULL; /* no stale free key */
	t->nalloc++;
	return b;
}

static inline void *small_alloc(unsigned cls)
{
	struct asrt_thread *t = &asrt_self;
	void **b = t->bin[cls];
	if (ASRT_LIKELY(b)) {
		t->bin[cls] = b[0];
		t->room[cls]++;
		b[1] = NULL;
		t->nalloc++;
		return b;
	}
	return small_slow(cls);
}

/* zero: the caller needs zeros; only huge blocks honour it (see calloc). */
static void *big_alloc(size_t n, size_t align, int zero)
{
	struct asrt_thread *t = asrt_thread();
	void *p;
	if (n <= ASRT_BIG_CACHE_MAX && align == ASRT_ALIGN) {
		if ((p = asrt_tcache_mid_take(t, &n))) {
			t->nalloc++;
			return p;
		}
	}
	if (t->mid_out_n) /* blocks the heap may hand out again */
		asrt_tcache_mid_send(t);
	size_t huge = mmap_threshold();
	if (n >= huge || n + align >= huge) {
		p = asrt_huge_alloc(n, align, zero);
	} else {
		struct asrt_arena *a;
		if (t->home.arena) {
			a = asrt_arena_lock_home(&t->home);
		} else {
			a = &asrt_arenas[0];
			asrt_arena_lock(a);
		}
		int cold = 0;
		p = asrt_mid_alloc(a, n, align, &cold);
		asrt_arena_unlock(a);
		if (p) {
			size_t got = asrt_mid_usable(p);
			asrt_stats_live_add(got);
			asrt_purge_note_alloc(got);
			if (t->state == ASRT_T_READY)
				asrt_tcache_collect(t);
			/* Outside the lock: the block is ours alone now. */
			if (cold && got <= (size_t)asrt_option(ASRT_OPT_POPULATE))
				asrt_os_populate(p, got);
		}
	}
	if (p)
		t->nalloc++;
	return p;
}

void *malloc(size_t n)
{
	if (ASRT_LIKELY(n <= ASRT_SMALL_MAX))
		return small_alloc(asrt_class_of(n));
	if (n <= ASRT_MID_CACHE_MAX) {
		struct asrt_thread *t = &asrt_self;
		void *p = asrt_tcache_mid_pop(t, n);
		if (p) {
			t->nalloc++;
			return p;
		}
	}
	return big_alloc(n, ASRT_ALIGN, 0);
}

/* The segment owning p, or an abort naming the caller. */
static struct asrt_segment *owner(const void *p, const char *fn)
{
	struct asrt_segment *seg = asrt_os_segment_of(p);
	if (ASRT_UNLIKELY(!seg) && !(seg = asrt_huge_far(p)))
		asrt_die_invalid(fn, p);
	switch (seg->kind) {
	case ASRT_SEG_SMALL: {
		struct asrt_slab *s = asrt_slab_of(seg, p);
		asrt_slab_validate(seg, s, p, fn);
		if (asrt_keyed(p))
			asrt_die_double(p);
		break;
	}
	case ASRT_SEG_MID:
		asrt_mid_validate(seg, p, fn);
		if (asrt_keyed(p))
			asrt_die_double(p);
		if (asrt_option(ASRT_OPT_CHECK)) {
			asrt_arena_lock(seg->arena);
			asrt_mid_check(seg, p, fn);
			asrt_arena_unlock(seg->arena);
		}
		break;
	case ASRT_SEG_HUGE:
		asrt_huge_validate(seg, p, fn);
		break;
	default:
		asrt_die_invalid(fn, p);
	}
	return seg;
}

/* Into the thread's bin, which has room. The key is read before p is
 * written (the compiler cannot tell p from the secret). */
static inline void cache_push(struct asrt_thread *t, unsigned cls, void *p)
{
	uintptr_t *b = p, key = asrt_key(p);
	b[0] = (uintptr_t)t->bin[cls];
	b[1] = key;
	t->bin[cls] = p;
	t->room[cls]--;
}

static void release(struct asrt_segment *seg, void *p)
{
	struct asrt_thread *t = asrt_thread();
	t->nfree++;
	if (seg->kind == ASRT_SEG_SMALL) {
		struct asrt_slab *s = asrt_slab_of(seg, p);
		unsigned cls = s->cls;
		if (ASRT_LIKELY(t->state == ASRT_T_READY && asrt_tcache_caps[cls])) {
			/* A full bin is set aside whole first. */
			if (!t->room[cls])
				asrt_tcache_spill(t, cls);
			cache_push(t, cls, p);
			return;
		}
		struct asrt_arena *a = seg->arena; /* seg may be unmapped by the free */
		asrt_arena_lock(a);
		asrt_slab_free(a, s, p);
		asrt_purge_slabs(a);
		asrt_arena_unlock(a);
		asrt_stats_live_sub(asrt_class_size(cls));
	} else if (seg->kind == ASRT_SEG_MID) {
		asrt_tcache_mid_free(t, p, asrt_mid_usable(p));
	} else {
		asrt_huge_free(seg, p);
		asrt_purge_huge();
	}
}

/* Any free the fast paths leave: owner() proves the pointer or aborts. */
static __attribute__((noinline)) void free_slow(void *p)
{
	release(owner(p, "free"), p);
}

/* A mid-size block of ours, not yet free, goes to the thread's cache when
 * it has room (none while the thread has no cache), else to release();
 * anything else to free_slow. Apart from free() so that the small path
 * needs no saved registers. */
static __attribute__((noinline)) void free_mid(struct asrt_segment *seg,
					       void *p)
{
	struct asrt_thread *t = &asrt_self;
	size_t usable;
	if (asrt_option(ASRT_OPT_CHECK) || !(usable = asrt_mid_used(seg, p)) ||
	    asrt_keyed(p)) {
		free_slow(p);
		return;
	}
	if (ASRT_LIKELY(asrt_tcache_mid_push(t, p, usable))) {
		t->nfree++;
		return;
	}
	release(seg, p);
}

/* The common free, inline: a small block of ours, not yet free, into a
 * bin with room. Anything else (or any doubt) takes free_mid or
 * free_slow. */
void free(void *p)
{
	/* NULL's granule is never ours: its test waits for the unlikely side. */
	if (ASRT_UNLIKELY(!asrt_os_registered(p))) {
		if (p)
			free_slow(p);
		return;
	}
	struct asrt_segment *seg = asrt_os_granule(p);
	uint64_t word = asrt_seg_word(seg);
	if (ASRT_LIKELY(word == ASRT_SEG_WORD(ASRT_SEG_SMALL))) {
		struct asrt_thread *t = &asrt_self;
		struct asrt_slab *s = asrt_slab_of(seg, p);
		unsigned cls = s->cls;
		if (ASRT_LIKELY(t->room[cls] && asrt_slab_holds(s, p) &&
				!asrt_keyed(p))) {
			t->nfree++;
			cache_push(t, cls, p);
			return;
		}
	} else if (word == ASRT_SEG_WORD(ASRT_SEG_MID)) {
		free_mid(seg, p);
		return;
	}
	free_slow(p);
}

static size_t usable(struct asrt_segment *seg, const void *p)
{
	switch (seg->kind) {
	case ASRT_SEG_SMALL:
		return asrt_slab_of(seg, p)->size;
	case ASRT_SEG_MID:
		return asrt_mid_usable(p);
	default:
		return asrt_huge_usable(seg, p);
	}
}

void *calloc(size_t nmemb, size_t size)
{
	size_t n;
	if (__builtin_mul_overflow(nmemb, size, &n)) {
		errno = ENOMEM;
		return NULL;
	}
	if (n <= ASRT_SMALL_MAX) {
		void *p = small_alloc(asrt_class_of(n));
		if (p)
			memset(p, 0, n);
		return p;
	}
	void *p = big_alloc(n, ASRT_ALIGN, 1);
	/* Huge blocks came zeroed (fresh maps, or cleared from the cache). */
	if (p && asrt_os_segment_of(p)->kind == ASRT_SEG_MID)
		memset(p, 0, n);
	return p;
}

/* Resizes without copying when the block's own space, its free neighbour
 * or (huge blocks) a remapping allows: the block, or NULL. */
static void *resize(struct asrt_segment *seg, void *p, size_t old, size_t n)
{
	switch (seg->kind) {
	case ASRT_SEG_SMALL:
		return n <= old && n >= old / 2 ? p : NULL;
	case ASRT_SEG_MID: {
		if (n >= mmap_threshold() || n < old / 2 || n <= ASRT_SMALL_MAX / 2)
			return NULL;
		if (n <= old && old - n < 256) /* too little to be worth a split */
			return p;
		asrt_arena_lock(seg->arena);
		int rc = asrt_mid_resize(seg->arena, p, n);
		asrt_arena_unlock(seg->arena);
		if (rc == 0) {
			size_t now = asrt_mid_usable(p);
			if (now > old)
				asrt_stats_live_add(now - old);
			else
				asrt_stats_live_sub(old - now);
		}
		return rc == 0 ? p : NULL;
	}
	default:
		if (n < mmap_threshold())
			return NULL;
		return asrt_huge_resize(seg, p, n);
	}
}

/* The segment owning p and p's usable size in *old: inline for a small or
 * mid-size block of ours, not yet free (the tests of free); anything else
 * takes owner(), which proves the pointer or aborts. */
static inline struct asrt_segment *owned(void *p, size_t *old, const char *fn)
{
	struct asrt_segment *seg = asrt_os_granule_of(p);
	if (ASRT_LIKELY(seg)) {
		uint64_t word = asrt_seg_word(seg);
		if (word == ASRT_SEG_WORD(ASRT_SEG_SMALL)) {
			struct asrt_slab *s = asrt_slab_of(seg, p);
			if (asrt_slab_holds(s, p) && !asrt_keyed(p)) {
				*old = s->size;
				return seg;
			}
		} else if (word == ASRT_SEG_WORD(ASRT_SEG_MID) &&
			   !asrt_option(ASRT_OPT_CHECK)) {
			size_t u = asrt_mid_used(seg, p);
			if (u && !asrt_keyed(p)) {
				*old = u;
				return seg;
			}
		}
	}
	seg = owner(p, fn);
	*old = usable(seg, p);
	return seg;
}

void *realloc(void *p, size_t n)
{
	if (!p)
		return malloc(n);
	size_t old;
	struct asrt_segment *seg = owned(p, &old, "realloc");
	if (n == 0) {
		release(seg, p);
		return NULL;
	}
	void *r = resize(seg, p, old, n);
	if (r)
		return r;
	void *q = malloc(n);
	if (!q)
		return NULL;
	memcpy(q, p, old < n ? old : n);
	release(seg, p);
	return q;
}

void *reallocarray(void *p, size_t nmemb, size_t size)
{
	size_t n;
	if (__builtin_mul_overflow(nmemb, size, &n)) {
		errno = ENOMEM;
		return NULL;
	}
	return realloc(p, n);
}

/* align: a power of two. */
static void *aligned(size_t align, size_t n)
{
	if (align <= ASRT_ALIGN)
		return malloc(n);
	/* Slabs are 64 KiB aligned, so a class whose size is a multiple of align
   * yields aligned blocks. */
	if (n <= ASRT_SMALL_MAX && align <= ASRT_SMALL_MAX) {
		for (unsigned c = asrt_class_of(n); c < ASRT_NCLASS; c++)
			if (asrt_class_size(c) % align == 0)
				return small_alloc(c);
	}
	if (n > PTRDIFF_MAX) {
		errno = ENOMEM;
		return NULL;
	}
	return big_alloc(n, align, 0);
}

static int power_of_two(size_t a)
{
	return a && !(a & (a - 1));
}

void *memalign(size_t align, size_t n)
{
	/* As glibc: a non-power of two is rounded up. */
	if (align > SIZE_MAX / 2 + 1) {
		errno = EINVAL;
		return NULL;
	}
	/* 0 is no constraint, as in glibc (the rounding below would loop). */
	if (align == 0)
		align = 1;
	while (!power_of_two(align))
		align = (align | (align - 1)) + 1;
	return aligned(align, n);
}

void *aligned_alloc(size_t align, size_t n)
{
	if (!power_of_two(align)) {
		errno = EINVAL;
		return NULL;
	}
	return aligned(align, n);
}

int posix_memalign(void **out, size_t align, size_t n)
{
	if (!power_of_two(align) || align % sizeof(void *))
		return EINVAL;
	int saved = errno;
	void *p = aligned(align, n);
	if (!p)
		return ENOMEM;
	errno = saved;
	*out = p;
	return 0;
}

void *valloc(size_t n)
{
	return aligned(ASRT_PAGE, n);
}

void *pvalloc(size_t n)
{
	if (n > SIZE_MAX - ASRT_PAGE) {
		errno = ENOMEM;
		return NULL;
	}
	size_t r = (n + ASRT_PAGE - 1) & ~(ASRT_PAGE - 1);
	return aligned(ASRT_PAGE, r ? r : ASRT_PAGE);
}

size_t malloc_usable_size(void *p)
{
	if (!p)
		return 0;
	return usable(owner(p, "malloc_usable_size"), p);
}

/* Hands every free-but-resident page back at once. */
int malloc_trim(size_t pad)
{
	(void)pad;
	if (atomic_load(&asrt_ready))
		asrt_purge_all();
	return 1;
}

/* glibc's internal names, which some programs and preloaders call. */
#if defined(__has_attribute) && __has_attribute(copy)
#define ASRT_ALIAS(name) __attribute__((alias(#name), copy(name), used))
#else
#define ASRT_ALIAS(name) __attribute__((alias(#name), used))
#endif
void *__libc_malloc(size_t n) ASRT_ALIAS(malloc);
void __libc_free(void *p) ASRT_ALIAS(free);
void *__libc_calloc(size_t a, size_t b) ASRT_ALIAS(calloc);
void *__libc_realloc(void *p, size_t n) ASRT_ALIAS(realloc);
void *__libc_memalign(size_t a, size_t n) ASRT_ALIAS(memalign);
void *__libc_valloc(size_t n) ASRT_ALIAS(valloc);
void *__libc_pvalloc(size_t n) ASRT_ALIAS(pvalloc);
int __posix_memalign(void **o, size_t a, size_t n) ASRT_ALIAS(posix_memalign);
