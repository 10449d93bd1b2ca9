/* asrt_sites.c — per-site counters for ASRT_STATS: a fixed lock-free table
 * keyed by (site string, kind), per-thread counters in front of it, and its
 * JSON form. */
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <asrt/asrt.h>
#include "asrt_core_internal.h"

/* Rewritten code bases have hundreds of sites, not thousands; a full table
 * drops further sites rather than allocate inside the helpers' hot path. */
#define SITE_SLOTS 8192u
#define SITE_PROBES 64u

enum { SLOT_EMPTY,
       SLOT_CLAIMED,
       SLOT_READY };

struct site_counts {
	_Atomic unsigned long long calls, bytes_copied, bytes_shared,
		reallocs_avoided, reallocs;
};

struct site_slot {
	_Atomic int state;
	const char *site;
	enum asrt__core_kind kind;
	unsigned long hash;
	struct site_counts counts; /* of other threads' entries and exited threads */
};

static struct site_slot slots[SITE_SLOTS];

static const char *const kind_names[ASRT_KIND_COUNT] = {
	[ASRT_KIND_MEMDUP] = "memdup",
	[ASRT_KIND_SHARE] = "share",
	[ASRT_KIND_MUT] = "mut",
	[ASRT_KIND_RELEASE] = "release",
	[ASRT_KIND_GROW] = "grow",
};

/* By content, not pointer: each translation unit has its own copy of the
 * literal "file:line", and all of them are one site. */
static unsigned long site_hash(const char *site, enum asrt__core_kind kind)
{
	unsigned long h = 2166136261u ^ (unsigned long)kind;
	for (const unsigned char *s = (const unsigned char *)site; *s; s++)
		h = (h ^ *s) * 16777619u;
	return h;
}

static int slot_matches(const struct site_slot *s, const char *site,
			enum asrt__core_kind kind, unsigned long h)
{
	return s->kind == kind &&
	       (s->site == site || (s->hash == h && strcmp(s->site, site) == 0));
}

static struct site_slot *slot_find(const char *site,
				   enum asrt__core_kind kind)
{
	unsigned long h = site_hash(site, kind);
	for (unsigned probe = 0; probe < SITE_PROBES; probe++) {
		struct site_slot *s = &slots[(h + probe) & (SITE_SLOTS - 1)];
		int st = atomic_load_explicit(&s->state, memory_order_acquire);
		if (st == SLOT_EMPTY) {
			int expected = SLOT_EMPTY;
			if (atomic_compare_exchange_strong_explicit(
				    &s->state, &expected, SLOT_CLAIMED, memory_order_acquire,
				    memory_order_acquire)) {
				s->site = site;
				s->kind = kind;
				s->hash = h;
				atomic_store_explicit(&s->state, SLOT_READY, memory_order_release);
				return s;
			}
			st = expected;
		}
		/* Another thread is filling this slot in: a few stores away. */
		while (st == SLOT_CLAIMED)
			st = atomic_load_explicit(&s->state, memory_order_acquire);
		if (slot_matches(s, site, kind, h))
			return s;
	}
	return NULL;
}

/* Shared by threads: atomic read-modify-writes. */
static void counts_add_shared(struct site_counts *c, unsigned long long calls,
			      const struct asrt__core_event *ev)
{
	atomic_fetch_add_explicit(&c->calls, calls, memory_order_relaxed);
	if (ev->bytes_copied)
		atomic_fetch_add_explicit(&c->bytes_copied, ev->bytes_copied,
					  memory_order_relaxed);
	if (ev->bytes_shared)
		atomic_fetch_add_explicit(&c->bytes_shared, ev->bytes_shared,
					  memory_order_relaxed);
	if (ev->reallocs_avoided)
		atomic_fetch_add_explicit(&c->reallocs_avoided, ev->reallocs_avoided,
					  memory_order_relaxed);
	if (ev->reallocs)
		atomic_fetch_add_explicit(&c->reallocs, ev->reallocs,
					  memory_order_relaxed);
}

/* Written by one thread only, read by others: a relaxed load and store, no
 * locked instruction (which costs more than the helper call itself). */
static void bump(_Atomic unsigned long long *v, unsigned long long d)
{
	if (d)
		atomic_store_explicit(
			v, atomic_load_explicit(v, memory_order_relaxed) + d,
			memory_order_relaxed);
}

static void counts_add_owned(struct site_counts *c,
			     const struct asrt__core_event *ev)
{
	bump(&c->calls, 1);
	bump(&c->bytes_copied, ev->bytes_copied);
	bump(&c->bytes_shared, ev->bytes_shared);
	bump(&c->reallocs_avoided, ev->reallocs_avoided);
	bump(&c->reallocs, ev->reallocs);
}

static unsigned long long load(_Atomic unsigned long long *v)
{
	return atomic_load_explicit(v, memory_order_relaxed);
}

/* Each thread counts its hot sites in its own entries: an entry is bound to
 * the first site whose address hashes to it, for the thread's lifetime;
 * another site hashing there counts in the shared slot. Thread blocks are
 * listed so that the JSON adds them up; a thread folds its block into the
 * slots when it exits. */
#define SITE_CACHE 64u

struct site_entry {
	_Atomic(struct site_slot *) slot; /* NULL: free; set once, release */
	const char *site;
	struct site_counts counts;
};

struct thread_block {
	struct site_entry entries[ASRT_KIND_COUNT][SITE_CACHE];
	struct thread_block *prev, *next;
	int listed; /* 0 not yet, 1 listed, -1 exited */
};

static _Thread_local struct thread_block my_block;
static struct thread_block *blocks; /* guarded by blocks_lock */
static pthread_mutex_t blocks_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_key_t exit_key;
static int exit_key_ok;
static pthread_once_t blocks_once = PTHREAD_ONCE_INIT;

/* A fork while another thread holds blocks_lock would leave it held in the
 * child. */
static void blocks_lock_take(void)
{
	pthread_mutex_lock(&blocks_lock);
}
static void blocks_lock_drop(void)
{
	pthread_mutex_unlock(&blocks_lock);
}

static void block_fold(struct thread_block *b)
{
	for (unsigned k = 0; k < ASRT_KIND_COUNT; k++)
		for (unsigned i = 0; i < SITE_CACHE; i++) {
			struct site_entry *e = &b->entries[k][i];
			struct site_slot *s =
				atomic_load_explicit(&e->slot, memory_order_acquire);
			if (!s)
				continue;
			struct asrt__core_event ev = {
				.bytes_copied = (size_t)load(&e->counts.bytes_copied),
				.bytes_shared = (size_t)load(&e->counts.bytes_shared),
				.reallocs_avoided = (unsigned)load(&e->counts.reallocs_avoided),
				.reallocs = (unsigned)load(&e->counts.reallocs)
			};
			counts_add_shared(&s->counts, load(&e->counts.calls), &ev);
		}
}

/* Thread exit: the counts move to the slots and the block leaves the list
 * in one step under the lock, so the JSON sees them exactly once. */
static void block_exit(void *arg)
{
	struct thread_block *b = arg;
	pthread_mutex_lock(&blocks_lock);
	block_fold(b);
	if (b->prev)
		b->prev->next = b->next;
	else
		blocks = b->next;
	if (b->next)
		b->next->prev = b->prev;
	b->listed = -1; /* a later call (another key's destructor) counts shared */
	pthread_mutex_unlock(&blocks_lock);
}

static void blocks_init(void)
{
	pthread_atfork(blocks_lock_take, blocks_lock_drop, blocks_lock_drop);
	exit_key_ok = pthread_key_create(&exit_key, block_exit) == 0;
}

/* Once per thread. Without a key (none left) the thread's counts could not
 * be folded at its exit: it counts in the shared slots instead. */
static struct thread_block *block_mine(void)
{
	struct thread_block *b = &my_block;
	if (b->listed)
		return b->listed > 0 ? b : NULL;
	pthread_once(&blocks_once, blocks_init);
	if (!exit_key_ok || pthread_setspecific(exit_key, b) != 0)
		return NULL;
	pthread_mutex_lock(&blocks_lock);
	b->next = blocks;
	b->prev = NULL;
	if (blocks)
		blocks->prev = b;
	blocks = b;
	b->listed = 1;
	pthread_mutex_unlock(&blocks_lock);
	return b;
}

void asrt__core_site_record(const char *site, enum asrt__core_kind kind,
			    const struct asrt__core_event *ev)
{
	if (!site)
		return;
	struct thread_block *b = block_mine();
	struct site_entry *e = NULL;
	if (b) {
		/* Fibonacci hashing: literals a few bytes apart land apart. */
		uintptr_t i = ((uintptr_t)site * (uintptr_t)0x9E3779B97F4A7C15u) >>
			      (sizeof(uintptr_t) * 8 - 6);
		e = &b->entries[kind][i & (SITE_CACHE - 1)];
		if (atomic_load_explicit(&e->slot, memory_order_relaxed) && e->site == site) {
			counts_add_owned(&e->counts, ev);
			return;
		}
	}
	struct site_slot *s = slot_find(site, kind);
	if (!s)
		return;
	if (e && !atomic_load_explicit(&e->slot, memory_order_relaxed)) {
		e->site = site;
		counts_add_owned(&e->counts, ev);
		atomic_store_explicit(&e->slot, s, memory_order_release);
		return;
	}
	counts_add_shared(&s->counts, 1, ev);
}

static void json_string(FILE *out, const char *s)
{
	fputc('"', out);
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;
		if (c == '"' || c == '\\')
			fprintf(out, "\\%c", c);
		else if (c < 0x20)
			fprintf(out, "\\u%04x", c);
		else
			fputc(c, out);
	}
	fputc('"', out);
}

/* Totals per slot: the slot's own counts plus every listed thread's. */
struct site_total {
	unsigned long long calls, bytes_copied, bytes_shared, reallocs_avoided,
		reallocs;
};

static void total_add(struct site_total *t, struct site_counts *c)
{
	t->calls += load(&c->calls);
	t->bytes_copied += load(&c->bytes_copied);
	t->bytes_shared += load(&c->bytes_shared);
	t->reallocs_avoided += load(&c->reallocs_avoided);
	t->reallocs += load(&c->reallocs);
}

/* Filled under blocks_lock by the writer; only touched when stats are read. */
static struct site_total totals[SITE_SLOTS];

void asrt__sites_json(FILE *out)
{
	const char *sep = "";
	pthread_mutex_lock(&blocks_lock);
	memset(totals, 0, sizeof totals);
	for (unsigned i = 0; i < SITE_SLOTS; i++)
		total_add(&totals[i], &slots[i].counts);
	for (struct thread_block *b = blocks; b; b = b->next)
		for (unsigned k = 0; k < ASRT_KIND_COUNT; k++)
			for (unsigned i = 0; i < SITE_CACHE; i++) {
				struct site_entry *e = &b->entries[k][i];
				struct site_slot *s =
					atomic_load_explicit(&e->slot, memory_order_acquire);
				if (s)
					total_add(&totals[s - slots], &e->counts);
			}
	fputc('[', out);
	for (unsigned i = 0; i < SITE_SLOTS; i++) {
		struct site_slot *s = &slots[i];
		struct site_total *t = &totals[i];
		if (atomic_load_explicit(&s->state, memory_order_acquire) != SLOT_READY)
			continue;
		fprintf(out, "%s\n  {\"site\":", sep);
		json_string(out, s->site);
		fprintf(out,
			",\"kind\":\"%s\",\"calls\":%llu,\"bytes_copied\":%llu,"
			"\"bytes_shared\":%llu,\"reallocs_avoided\":%llu,"
			"\"reallocs\":%llu}",
			kind_names[s->kind], t->calls, t->bytes_copied, t->bytes_shared,
			t->reallocs_avoided, t->reallocs);
		sep = ",";
	}
	fputs(*sep ? "\n]" : "]", out);
	pthread_mutex_unlock(&blocks_lock);
}
