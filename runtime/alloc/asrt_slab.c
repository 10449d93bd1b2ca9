/* Small blocks: 64 KiB slabs of one size class, 63 to a 4 MiB segment whose
 * first slab holds the metadata (kept apart from the blocks, so a stray
 * write into a block cannot corrupt it). Blocks are carved lazily, so a slab
 * touches only the pages it has handed out. Empty slabs stay resident until
 * the purge policy returns them. All functions here run under the arena's
 * lock. */
#include "asrt_internal.h"

#include <string.h>

static char *slab_base(const struct asrt_slab *s)
{
	struct asrt_small_seg *ss =
		(struct asrt_small_seg *)((uintptr_t)s & ~(uintptr_t)ASRT_SEG_MASK);
	return (char *)ss + ((size_t)(s - ss->slabs) << ASRT_SLAB_SHIFT);
}

static struct asrt_small_seg *seg_of_slab(const struct asrt_slab *s)
{
	return (struct asrt_small_seg *)((uintptr_t)s & ~(uintptr_t)ASRT_SEG_MASK);
}

static void list_push(struct asrt_slab **head, struct asrt_slab *s)
{
	s->prev = NULL;
	s->next = *head;
	if (*head)
		(*head)->prev = s;
	*head = s;
}

static void list_remove(struct asrt_slab **head, struct asrt_slab *s)
{
	if (s->prev)
		s->prev->next = s->next;
	else
		*head = s->next;
	if (s->next)
		s->next->prev = s->prev;
	s->next = s->prev = NULL;
}

static int segment_new(struct asrt_arena *a)
{
	struct asrt_small_seg *ss = asrt_os_map(ASRT_SEG_SIZE, ASRT_SEG_SIZE);
	if (!ss)
		return -1;
	ss->seg.magic = ASRT_SEG_MAGIC;
	ss->seg.kind = ASRT_SEG_SMALL;
	ss->seg.arena = a;
	ss->seg.map_size = ASRT_SEG_SIZE;
	/* Pushed in reverse so the lowest slab is used first. */
	for (size_t i = ASRT_SLABS_PER_SEG - 1; i >= 1; i--)
		list_push(&a->small.empty, &ss->slabs[i]);
	ss->seg.prev = NULL;
	ss->seg.next = a->small.segs;
	if (a->small.segs)
		a->small.segs->prev = &ss->seg;
	a->small.segs = &ss->seg;
	a->small.nsegs++;
	asrt_os_register(ss);
	return 0;
}

static void segment_release(struct asrt_arena *a, struct asrt_small_seg *ss)
{
	for (size_t i = 1; i < ASRT_SLABS_PER_SEG; i++) {
		struct asrt_slab *s = &ss->slabs[i];
		if (s->dirty)
			a->small.ndirty--;
		list_remove(&a->small.empty, s);
	}
	if (ss->seg.prev)
		ss->seg.prev->next = ss->seg.next;
	else
		a->small.segs = ss->seg.next;
	if (ss->seg.next)
		ss->seg.next->prev = ss->seg.prev;
	a->small.nsegs--;
	asrt_os_unregister(ss);
	ss->seg.magic = 0;
	asrt_os_unmap(ss, ASRT_SEG_SIZE);
}

static struct asrt_slab *slab_new(struct asrt_arena *a, unsigned cls)
{
	struct asrt_small_heap *h = &a->small;
	if (!h->empty && segment_new(a) != 0)
		return NULL;
	struct asrt_slab *s = h->empty;
	list_remove(&h->empty, s);
	if (s->dirty)
		h->ndirty--;
	s->dirty = 0;
	s->state = ASRT_SLAB_ACTIVE;
	s->cls = (uint8_t)cls;
	s->size = (uint32_t)asrt_class_size(cls);
	s->shift = (uint8_t)__builtin_ctz(s->size);
	/* Newton's iteration doubles the correct low bits of an odd number's
	 * inverse; odd * odd is right to 3 bits. */
	uint32_t odd = s->size >> s->shift, inv = odd;
	for (int i = 0; i < 4; i++)
		inv *= 2 - odd * inv;
	s->minv = inv;
	s->cap = (uint32_t)(ASRT_SLAB_SIZE / s->size);
	s->used = s->bump = 0;
	s->free = NULL;
	seg_of_slab(s)->nactive++;
	list_push(&h->partial[cls], s);
	return s;
}

void asrt_slab_defer(struct asrt_arena *a, void *head, void *tail)
{
	void **t = tail;
	void *old = atomic_load_explicit(&a->small.remote, memory_order_relaxed);
	do
		t[0] = old;
	while (!atomic_compare_exchange_weak_explicit(&a->small.remote, &old, head,
						      memory_order_release,
						      memory_order_relaxed));
}

int asrt_slab_put_batch(struct asrt_arena *a, unsigned cls, void *head,
			uint32_t n)
{
	struct asrt_small_heap *h = &a->small;
	if (h->nbatch[cls] == ASRT_BATCHES)
		return 0;
	h->batch[cls][h->nbatch[cls]++] = (struct asrt_batch){ head, n };
	return 1;
}

void *asrt_slab_take_batch(struct asrt_arena *a, unsigned cls, uint32_t *n)
{
	struct asrt_small_heap *h = &a->small;
	if (!h->nbatch[cls])
		return NULL;
	struct asrt_batch *b = &h->batch[cls][--h->nbatch[cls]];
	*n = b->n;
	return b->head;
}

int asrt_slab_offer_bin(struct asrt_arena *a, unsigned cls, void *head)
{
	void *none = NULL;
	return atomic_compare_exchange_strong_explicit(&a->small.offered[cls], &none,
						       head, memory_order_release,
						       memory_order_relaxed);
}

void *asrt_slab_take_offered(struct asrt_arena *a, unsigned cls)
{
	_Atomic(void *) *slot = &a->small.offered[cls];
	if (!atomic_load_explicit(slot, memory_order_relaxed))
		return NULL;
	return atomic_exchange_explicit(slot, NULL, memory_order_acquire);
}

static struct asrt_segment *seg_of_block(const void *p)
{
	return (struct asrt_segment *)((uintptr_t)p & ~(uintptr_t)ASRT_SEG_MASK);
}

void asrt_slab_free_chain(struct asrt_arena *a, void *head)
{
	void **b = head;
	while (b) {
		struct asrt_segment *seg = seg_of_block(b);
		if (ASRT_UNLIKELY(seg->arena != a)) {
			/* Another arena's run, which only its lock may free. */
			void **last = b;
			while (last[0] && seg_of_block(last[0])->arena == seg->arena)
				last = last[0];
			void **next = last[0];
			asrt_slab_defer(seg->arena, b, last);
			b = next;
			continue;
		}
		void **next = b[0];
		asrt_slab_free(a, asrt_slab_of(seg, b), b);
		b = next;
	}
}

void asrt_slab_unbatch_class(struct asrt_arena *a, unsigned cls)
{
	struct asrt_small_heap *h = &a->small;
	while (h->nbatch[cls])
		asrt_slab_free_chain(a, h->batch[cls][--h->nbatch[cls]].head);
	void *offered = asrt_slab_take_offered(a, cls);
	if (offered)
		asrt_slab_free_chain(a, offered);
}

void asrt_slab_unbatch(struct asrt_arena *a)
{
	for (unsigned c = 0; c < ASRT_NCLASS; c++)
		asrt_slab_unbatch_class(a, c);
}

void asrt_slab_drain(struct asrt_arena *a)
{
	if (!atomic_load_explicit(&a->small.remote, memory_order_relaxed))
		return;
	asrt_slab_free_chain(a, atomic_exchange_explicit(&a->small.remote, NULL,
							 memory_order_acquire));
}

void *asrt_slab_alloc(struct asrt_arena *a, unsigned cls)
{
	asrt_slab_drain(a);
	struct asrt_slab *s = a->small.partial[cls];
	if (!s && !(s = slab_new(a, cls)))
		return NULL;
	void *b = s->free;
	if (b)
		s->free = *(void **)b;
	else
		b = slab_base(s) + (size_t)s->bump++ * s->size;
	if (++s->used == s->cap)
		list_remove(&a->small.partial[cls], s);
	return b;
}

/* An empty slab stays resident (dirty) until the purge policy says
 * otherwise (asrt_slab_purge). */
static void slab_retire(struct asrt_arena *a, struct asrt_slab *s)
{
	struct asrt_small_heap *h = &a->small;
	list_remove(&h->partial[s->cls], s);
	s->state = ASRT_SLAB_FREE;
	s->bump = 0; /* no block passes asrt_slab_holds */
	s->dirty = 1;
	h->ndirty++;
	list_push(&h->empty, s);
	struct asrt_small_seg *ss = seg_of_slab(s);
	if (--ss->nactive == 0 && h->nsegs > 1)
		segment_release(a, ss);
}

void asrt_slab_free(struct asrt_arena *a, struct asrt_slab *s, void *p)
{
	((void **)p)[0] = s->free;
	((uintptr_t *)p)[1] = asrt_key(p);
	s->free = p;
	if (s->used-- == s->cap)
		list_push(&a->small.partial[s->cls], s);
	if (s->used == 0)
		slab_retire(a, s);
}

void asrt_slab_purge(struct asrt_arena *a, size_t keep)
{
	size_t seen = 0;
	for (struct asrt_slab *s = a->small.empty; s && a->small.ndirty > keep;
	     s = s->next) {
		if (s->dirty && ++seen > keep) {
			asrt_os_purge(slab_base(s), ASRT_SLAB_SIZE);
			s->dirty = 0;
			a->small.ndirty--;
		}
	}
}

void asrt_slab_validate(struct asrt_segment *seg, struct asrt_slab *s,
			const void *p, const char *fn)
{
	(void)seg;
	if (s->state != ASRT_SLAB_ACTIVE) {
		/* A slab emptied by the first free still holds the block's key. */
		if (asrt_keyed(p))
			asrt_die_double(p);
		asrt_die_invalid(fn, p);
	}
	if (!asrt_slab_holds(s, p))
		asrt_die_invalid(fn, p);
}
