/* asrt_registry.c — the set of live copy-on-write blocks. asrt_cow_share is
 * given arbitrary pointers and must recognise its own blocks without reading
 * memory before them (a heap redzone, or an unmapped page); a set lookup is
 * the sound answer.
 *
 * 32 shards, each an open-addressing table of addresses. Adds and removes
 * happen alongside a malloc or free of the block and take the shard's
 * mutex. Lookups take no lock: a lookup racing with a remove may miss an
 * entry being moved, and then share copies the block instead of taking a
 * reference, which is still a correct share. Tables outgrown are kept (at
 * most as much memory as the live ones) since a lookup may still read them. */
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>

#include "asrt_core_internal.h"

#define SHARDS 32u
#define SHARD_MIN_SLOTS 16u

struct table {
	struct table *older;       /* outgrown tables, still readable */
	size_t cap;                /* a power of two */
	_Atomic uintptr_t slots[]; /* 0 = empty */
};

struct shard {
	pthread_mutex_t lock;
	_Atomic(struct table *) table;
	size_t count;
};

static struct shard shards[SHARDS];
static pthread_once_t shards_once = PTHREAD_ONCE_INIT;

/* A fork while another thread holds a shard would leave it locked forever
 * in the child. */
static void shards_lock_all(void)
{
	for (unsigned i = 0; i < SHARDS; i++)
		pthread_mutex_lock(&shards[i].lock);
}

static void shards_unlock_all(void)
{
	for (unsigned i = SHARDS; i-- > 0;)
		pthread_mutex_unlock(&shards[i].lock);
}

static void shards_init(void)
{
	for (unsigned i = 0; i < SHARDS; i++)
		pthread_mutex_init(&shards[i].lock, NULL);
	pthread_atfork(shards_lock_all, shards_unlock_all, shards_unlock_all);
}

/* Blocks are 16-aligned: drop the zero bits, then mix. */
static uint64_t addr_hash(uintptr_t a)
{
	return ((uint64_t)a >> 4) * 0x9E3779B97F4A7C15ull;
}

static struct shard *shard_of(uintptr_t a)
{
	pthread_once(&shards_once, shards_init);
	return &shards[addr_hash(a) >> 59];
}

static size_t home(const struct table *t, uintptr_t a)
{
	return (size_t)addr_hash(a) & (t->cap - 1);
}

static uintptr_t slot_get(struct table *t, size_t i)
{
	return atomic_load_explicit(&t->slots[i], memory_order_acquire);
}

static void slot_set(struct table *t, size_t i, uintptr_t a)
{
	atomic_store_explicit(&t->slots[i], a, memory_order_release);
}

static void place(struct table *t, uintptr_t a)
{
	size_t i = home(t, a);
	while (slot_get(t, i))
		i = (i + 1) & (t->cap - 1);
	slot_set(t, i, a);
}

/* Keeps the load at most 1/2 so probe runs stay short. Shard locked. */
static struct table *shard_reserve(struct shard *s)
{
	struct table *t = atomic_load_explicit(&s->table, memory_order_relaxed);
	if (t && (s->count + 1) * 2 <= t->cap)
		return t;
	size_t cap = t ? t->cap * 2 : SHARD_MIN_SLOTS;
	struct table *bigger = calloc(1, sizeof *bigger + cap * sizeof(uintptr_t));
	if (!bigger)
		return NULL;
	bigger->cap = cap;
	bigger->older = t;
	for (size_t i = 0; t && i < t->cap; i++) {
		uintptr_t a = slot_get(t, i);
		if (a)
			place(bigger, a);
	}
	atomic_store_explicit(&s->table, bigger, memory_order_release);
	return bigger;
}

static size_t table_find(struct table *t, uintptr_t a)
{
	if (!t)
		return SIZE_MAX;
	for (size_t i = home(t, a);; i = (i + 1) & (t->cap - 1)) {
		uintptr_t v = slot_get(t, i);
		if (v == a)
			return i;
		if (!v)
			return SIZE_MAX;
	}
}

int asrt__core_registry_add(const void *p)
{
	uintptr_t a = (uintptr_t)p;
	struct shard *s = shard_of(a);
	pthread_mutex_lock(&s->lock);
	struct table *t = shard_reserve(s);
	if (t) {
		place(t, a);
		s->count++;
	}
	pthread_mutex_unlock(&s->lock);
	return t ? 0 : -1;
}

int asrt__core_registry_has(const void *p)
{
	uintptr_t a = (uintptr_t)p;
	struct shard *s = shard_of(a);
	struct table *t = atomic_load_explicit(&s->table, memory_order_acquire);
	return table_find(t, a) != SIZE_MAX;
}

/* Backward-shift deletion: later members of the probe run move up into the
 * hole when their home allows it, so lookups never need tombstones. */
void asrt__core_registry_remove(const void *p)
{
	uintptr_t a = (uintptr_t)p;
	struct shard *s = shard_of(a);
	pthread_mutex_lock(&s->lock);
	struct table *t = atomic_load_explicit(&s->table, memory_order_relaxed);
	size_t hole = table_find(t, a);
	if (hole != SIZE_MAX) {
		size_t mask = t->cap - 1;
		for (size_t j = (hole + 1) & mask; slot_get(t, j); j = (j + 1) & mask) {
			uintptr_t v = slot_get(t, j);
			/* v may fill the hole unless its home lies in (hole, j]. */
			if (((j - home(t, v)) & mask) >= ((j - hole) & mask)) {
				slot_set(t, hole, v);
				hole = j;
			}
		}
		slot_set(t, hole, 0);
		s->count--;
	}
	pthread_mutex_unlock(&s->lock);
}
