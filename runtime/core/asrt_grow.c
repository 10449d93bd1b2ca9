/* asrt_grow.c — realloc with geometric capacity: growth by small steps asks
 * the allocator for 4x (small blocks) or 1.5x the usable size, so the next
 * steps fit in place. */
#define _GNU_SOURCE /* malloc_usable_size */
/* This file defines the functions that asrt.h's inline macros stand for. */
#define ASRT_NO_INLINE
#include <errno.h>
#include <malloc.h>
#include <stdint.h>
#include <stdlib.h>

#include <asrt/asrt.h>
#include "asrt_core_internal.h"

/* Small blocks sit between others, so nearly every realloc of one moves it:
 * below 4 KiB the capacity quadruples (at most 12 KiB unused per buffer),
 * above it grows by half. Blocks beyond PTRDIFF_MAX cannot be indexed; no
 * allocator returns one. */
static size_t grow_capacity(size_t usable, size_t n)
{
	size_t cap = usable < 4096 ? usable * 4 : usable + usable / 2;
	if (cap < n)
		cap = n;
	if (cap > PTRDIFF_MAX - 15)
		return n;
	return (cap + 15) & ~(size_t)15;
}

static void grow_record(const char *site, const struct asrt__core_event *ev)
{
	if (asrt__core_stats_on())
		asrt__core_site_record(site, ASRT_KIND_GROW, ev);
}

/* Everything but the in-place answer: out of line, so that the fast path
 * below sets up no frame. */
static __attribute__((noinline)) void *
grow_realloc(void *(*realloc_fn)(void *, size_t), void *p, size_t usable,
	     size_t n, const char *site)
{
	struct asrt__core_event ev = { 0 };
	if (n > PTRDIFF_MAX) {
		errno = ENOMEM; /* as realloc would */
		return NULL;
	}
	size_t want = grow_capacity(usable, n);
	void *q = realloc_fn(p, want);
	ev.reallocs = 1;
	if (!q && want != n) {
		/* The geometric size may be what failed; the caller only needs n. */
		q = realloc_fn(p, n);
		ev.reallocs = 2;
	}
	if (q && p && q != p)
		ev.bytes_copied = usable;
	grow_record(site, &ev);
	return q;
}

/* One static body for the four public forms: no calls through the PLT.
 * Nearly every call of a growth loop fits in place: one usable-size query
 * and one compare. */
static inline __attribute__((always_inline)) void *
grow(void *(*realloc_fn)(void *, size_t), void *p, size_t n,
     const char *site)
{
	/* realloc(p, 0) is the allocator's to define (glibc frees p and returns
   * NULL): a rewritten call must do what the original did. */
	if (__builtin_expect(n == 0, 0))
		return realloc_fn(p, 0);
	size_t usable = p ? malloc_usable_size(p) : 0;
	if (__builtin_expect(!p || n > usable, 0))
		return grow_realloc(realloc_fn, p, usable, n, site);
	if (asrt__core_stats_on()) {
		struct asrt__core_event ev = { .reallocs_avoided = 1 };
		asrt__core_site_record(site, ASRT_KIND_GROW, &ev);
	}
	return p;
}

void *asrt_grow_with_at(void *(*realloc_fn)(void *, size_t), void *p,
			size_t n, const char *site)
{
	return grow(realloc_fn, p, n, site);
}

void *asrt_grow_with(void *(*realloc_fn)(void *, size_t), void *p,
		     size_t n)
{
	return grow(realloc_fn, p, n, NULL);
}

void *asrt_grow_at(void *p, size_t n, const char *site)
{
	return grow(realloc, p, n, site);
}

void *asrt_grow(void *p, size_t n)
{
	return grow(realloc, p, n, NULL);
}
