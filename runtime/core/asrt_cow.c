/* asrt_cow.c — copy-on-write buffers. A cow pointer is one of:
 *   borrowed  it lies in a pinned read-only segment (asrt_rodata.c): no
 *             header, nothing to free, a write always copies;
 *   a block   malloc'd with a header just before the data, listed in the
 *             registry; refs > 1 means shared, refs == 1 private.
 * mut and release are only ever given cow pointers, so "not borrowed" means
 * "has a header"; share is given any pointer and asks the registry. */
/* This file defines the functions that asrt.h's inline macros stand for. */
#define ASRT_NO_INLINE
#include <errno.h>
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <asrt/asrt.h>
#include "asrt_core_internal.h"

#define COW_MAGIC 0xA5C0B10Cu

/* 16 bytes keeps the data at malloc's alignment. 32-bit counts are enough:
 * a share that would overflow makes a copy instead. */
struct cow_header {
	uint32_t magic;
	_Atomic uint32_t refs;
	size_t size;
};
_Static_assert(sizeof(struct cow_header) == 16, "header must keep alignment");

static struct cow_header *header_of(const void *p)
{
	return (struct cow_header *)((uintptr_t)p - sizeof(struct cow_header));
}

static void record(const char *site, enum asrt__core_kind kind,
		   size_t copied, size_t shared)
{
	if (asrt__core_stats_on()) {
		struct asrt__core_event ev = { .bytes_copied = copied,
					       .bytes_shared = shared };
		asrt__core_site_record(site, kind, &ev);
	}
}

/* A private block (refs == 1) holding a copy of src[0..n). */
static void *block_new(const void *src, size_t n)
{
	if (n > PTRDIFF_MAX - sizeof(struct cow_header)) {
		errno = ENOMEM; /* as malloc would, for a size no block can have */
		return NULL;
	}
	struct cow_header *h = malloc(sizeof *h + n);
	if (!h)
		return NULL;
	h->magic = COW_MAGIC;
	atomic_init(&h->refs, 1);
	h->size = n;
	void *p = h + 1;
	if (n)
		memcpy(p, src, n);
	if (asrt__core_registry_add(p)) {
		free(h);
		return NULL;
	}
	return p;
}

static int block_ref(struct cow_header *h)
{
	uint32_t r = atomic_load_explicit(&h->refs, memory_order_relaxed);
	do {
		if (r == UINT32_MAX)
			return 0;
	} while (!atomic_compare_exchange_weak_explicit(
		&h->refs, &r, r + 1, memory_order_relaxed, memory_order_relaxed));
	return 1;
}

/* acq_rel: the last owner must see every other owner's reads finished
 * before it frees (release pairs with the final acquire). */
static void block_unref(void *p)
{
	struct cow_header *h = header_of(p);
	if (atomic_fetch_sub_explicit(&h->refs, 1, memory_order_acq_rel) == 1) {
		asrt__core_registry_remove(p);
		h->magic = 0;
		free(h);
	}
}

/* Each public pair shares one static body, so that the untagged form costs
 * no extra call through the shared library's PLT. */
static void *share(const void *src, size_t n, const char *site)
{
	if (asrt__core_ro_hot_holds(src, n) ||
	    (src && asrt__core_ro_borrowable(src, n))) {
		record(site, ASRT_KIND_SHARE, 0, n);
		return (void *)src;
	}
	if (src && asrt__core_registry_has(src) && block_ref(header_of(src))) {
		record(site, ASRT_KIND_SHARE, 0, n);
		return (void *)src;
	}
	/* Possibly in an object loaded since the last scan. */
	if (src && asrt__core_ro_borrowable_rescan(src, n)) {
		record(site, ASRT_KIND_SHARE, 0, n);
		return (void *)src;
	}
	void *p = block_new(src, n);
	if (p)
		record(site, ASRT_KIND_SHARE, n, 0);
	return p;
}

void *asrt_cow_share_at(const void *src, size_t n, const char *site)
{
	return share(src, n, site);
}

void *asrt_cow_share(const void *src, size_t n)
{
	return share(src, n, NULL);
}

static void *mut(void *p, size_t n, const char *site)
{
	if (!p)
		return NULL;
	if (asrt__core_ro_contains(p)) {
		void *q = block_new(p, n);
		if (q)
			record(site, ASRT_KIND_MUT, n, 0);
		return q;
	}
	struct cow_header *h = header_of(p);
	if (h->magic != COW_MAGIC)
		return NULL; /* not a cow pointer: refuse rather than corrupt */
	/* acquire: other owners' reads, finished before their release, come
   * before our writes. */
	if (atomic_load_explicit(&h->refs, memory_order_acquire) == 1) {
		record(site, ASRT_KIND_MUT, 0, 0);
		return p;
	}
	void *q = block_new(p, h->size);
	if (!q)
		return NULL;
	record(site, ASRT_KIND_MUT, h->size, 0);
	block_unref(p);
	return q;
}

void *asrt_cow_mut_at(void *p, size_t n, const char *site)
{
	return mut(p, n, site);
}

void *asrt_cow_mut(void *p, size_t n)
{
	return mut(p, n, NULL);
}

void *asrt_cow_mut_or_abort_at(void *p, size_t n, const char *site)
{
	void *q = mut(p, n, site);
	if (q == NULL && p != NULL) {
		fprintf(stderr,
			"asrt: cannot make %p writable (%zu bytes) at %s: out of memory\n",
			p, n, site ? site : "an unnamed site");
		abort();
	}
	return q;
}

static void release(void *p, const char *site)
{
	record(site, ASRT_KIND_RELEASE, 0, 0);
	if (!p || asrt__core_ro_hot_holds(p, 0) || asrt__core_ro_contains(p) ||
	    header_of(p)->magic != COW_MAGIC)
		return;
	block_unref(p);
}

void asrt_cow_release_at(void *p, const char *site)
{
	release(p, site);
}

void asrt_cow_release(void *p)
{
	release(p, NULL);
}

size_t asrt__core_cow_refs(const void *p)
{
	if (asrt__core_ro_contains(p))
		return 0;
	return atomic_load_explicit(&header_of(p)->refs, memory_order_relaxed);
}
