/* asrt_sites.c — per-site counters: a fixed lock-free table keyed by (site
 * string, kind), per-thread counters in front of it, their totals, and the
 * ASRT_STATS JSON form of the helpers' sites. The probes (asrt_probe.c)
 * count here too, under their own kind; asrt_profile.c writes those. */
#define _DEFAULT_SOURCE /* MAP_ANONYMOUS */
#include <pthread.h>
#include <sched.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include <asrt/asrt.h>
#include "asrt_core_internal.h"

/* Rewritten code bases have hundreds of sites, not thousands; a full table
 * drops further sites rather than allocate inside the helpers' hot path. */
#define SITE_SLOTS 8192u
#define SITE_PROBES 64u

enum { SLOT_EMPTY,
       SLOT_CLAIMED,
       SLOT_READY };

/* asrt__core_kind_fields(kind) of them are used. */
struct site_counts {
	_Atomic unsigned long long v[ASRT_FIELDS];
};

struct site_slot {
	_Atomic int state;
	const char *site;
	enum asrt__core_kind kind;
	unsigned long hash;
	unsigned pos;              /* its place in claimed[] */
	struct site_counts counts; /* of other threads' entries and exited threads */
};

static struct site_slot slots[SITE_SLOTS];
/* The slots in the order they were claimed (index + 1; 0: being written):
 * reading the counts and a fork walk these, not the whole table. A process
 * that counted at a few sites then touches a few slots at exit, where the
 * table and its totals (1.4 MB) cost every process of Ruby's make test
 * their page faults and the walk. */
static _Atomic unsigned claimed[SITE_SLOTS];
static atomic_uint nclaimed;

static unsigned claimed_count(void)
{
	unsigned n = atomic_load_explicit(&nclaimed, memory_order_acquire);
	return n < SITE_SLOTS ? n : SITE_SLOTS;
}

/* The slot claimed k-th, or NULL while its claim is being written. */
static struct site_slot *claimed_slot(unsigned k)
{
	unsigned i = atomic_load_explicit(&claimed[k], memory_order_acquire);
	return i ? &slots[i - 1] : NULL;
}

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
				/* Each slot is claimed once: fewer than SITE_SLOTS. */
				s->pos = atomic_fetch_add_explicit(&nclaimed, 1, memory_order_relaxed);
				atomic_store_explicit(&claimed[s->pos], (unsigned)(s - slots) + 1,
						      memory_order_release);
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
static void counts_add_shared(_Atomic unsigned long long *v, unsigned n,
			      const unsigned long long *d)
{
	for (unsigned f = 0; f < n; f++) {
		if (!d[f])
			continue;
		if (f != ASRT_FIELD_MAX) {
			atomic_fetch_add_explicit(&v[f], d[f], memory_order_relaxed);
			continue;
		}
		unsigned long long old = atomic_load_explicit(&v[f], memory_order_relaxed);
		while (old < d[f] &&
		       !atomic_compare_exchange_weak_explicit(&v[f], &old, d[f],
							      memory_order_relaxed,
							      memory_order_relaxed))
			;
	}
}

static void counts_add_owned(_Atomic unsigned long long *v, unsigned n,
			     const unsigned long long *d)
{
	for (unsigned f = 0; f < n; f++) {
		if (f != ASRT_FIELD_MAX)
			asrt__core_owned_add(&v[f], d[f]);
		else
			asrt__core_owned_max(&v[f], d[f]);
	}
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

struct entry_head {
	_Atomic(struct site_slot *) slot; /* NULL: free; set once, release */
	const char *site;
};

/* Each kind's entries only as wide as its counters, to keep the block
 * (mapped per thread alive at once) small. */
struct helper_entry {
	struct entry_head h;
	_Atomic unsigned long long v[ASRT_HELPER_FIELDS];
};

struct probe_entry {
	struct entry_head h;
	_Atomic unsigned long long v[ASRT_FIELDS];
};

_Static_assert(ASRT_KIND_PROBE == ASRT_KIND_COUNT - 1,
	       "the probes' kind is last: helpers[] holds the others");

_Static_assert(SITE_CACHE <= 64, "a kind's entries in use are one word's bits");

/* The header and the probes' entries first: a program with probes only
 * touches the first two of the block's seven pages. */
struct thread_block {
	struct thread_block *prev, *next;
	int listed; /* 1 listed, 0 never (no_block) */
	/* Bit i of used[kind]: entry i of kind is bound to a site. Reading the
	 * counts visits these entries only, so the pages of the block a thread
	 * never wrote are not faulted in (as zeros) at exit. */
	_Atomic uint64_t used[ASRT_KIND_COUNT];
	struct probe_entry probes[SITE_CACHE];
	struct helper_entry helpers[ASRT_KIND_PROBE][SITE_CACHE];
};

/* The entries of kind in use in b, one bit each. */
static uint64_t block_used(struct thread_block *b, unsigned kind)
{
	return atomic_load_explicit(&b->used[kind], memory_order_acquire);
}

/* Entry i of kind in b, and its counters in *v. */
static struct entry_head *entry_at(struct thread_block *b, unsigned kind,
				   unsigned i, _Atomic unsigned long long **v)
{
	if (kind == ASRT_KIND_PROBE) {
		*v = b->probes[i].v;
		return &b->probes[i].h;
	}
	*v = b->helpers[kind][i].v;
	return &b->helpers[kind][i].h;
}

/* Mapped on a thread's first count, not static TLS: 24 KB more of static
 * TLS in every thread's stack made a correct program fail (Ruby's
 * readline test in a thread: "stack level too deep"). */
static _Thread_local struct thread_block *my_block;
/* A thread that has exited, or got no block, counts in the shared slots.
 * Zeros (never listed), so that it takes no room in the library's file. */
static struct thread_block no_block;
/* The first thread to count (usually the main one) takes this block rather
 * than a mapping of its own: a system call less per process. */
static struct thread_block first_block;
static atomic_int first_taken;
/* The blocks of exited threads, cleared, for the next threads to take
 * (linked by next; guarded by blocks_lock): a program that starts threads
 * by the thousand, as Ruby's tests do, mapped, faulted in and unmapped a
 * block for each. */
static struct thread_block *spare;
static struct thread_block *blocks; /* guarded by blocks_lock */
static pthread_mutex_t blocks_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_key_t exit_key;
static int exit_key_ok;
/* 0, 1 while blocks_init runs, 2 once it has; not pthread_once, which
 * makes a futex system call in every process. */
static atomic_int blocks_ready;

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

static void counts_zero(_Atomic unsigned long long *v, unsigned n)
{
	for (unsigned f = 0; f < n; f++)
		atomic_store_explicit(&v[f], 0, memory_order_relaxed);
}

/* A forked child's profile holds its own probe counts only (the parent
 * writes its own): the child starts them at zero, in the slots and in every
 * listed block, the dead threads' of the parent included. The helpers'
 * ASRT_STATS counts carry on, as they always have. */
static void blocks_child(void)
{
	for (unsigned k = 0, n = claimed_count(); k < n; k++) {
		struct site_slot *s = claimed_slot(k);
		if (s && s->kind == ASRT_KIND_PROBE)
			counts_zero(s->counts.v, ASRT_FIELDS);
	}
	for (struct thread_block *b = blocks; b; b = b->next)
		for (uint64_t m = block_used(b, ASRT_KIND_PROBE); m; m &= m - 1)
			counts_zero(b->probes[__builtin_ctzll(m)].v, ASRT_FIELDS);
	pthread_mutex_unlock(&blocks_lock);
}

static void block_fold(struct thread_block *b)
{
	for (unsigned k = 0; k < ASRT_KIND_COUNT; k++)
		for (uint64_t m = block_used(b, k); m; m &= m - 1) {
			_Atomic unsigned long long *v;
			struct entry_head *e = entry_at(b, k, (unsigned)__builtin_ctzll(m), &v);
			struct site_slot *s =
				atomic_load_explicit(&e->slot, memory_order_acquire);
			if (!s)
				continue;
			unsigned long long d[ASRT_FIELDS];
			unsigned n = asrt__core_kind_fields(k);
			for (unsigned f = 0; f < n; f++)
				d[f] = load(&v[f]);
			counts_add_shared(s->counts.v, n, d);
		}
}

/* Thread exit: the counts move to the slots and the block leaves the list
 * in one step under the lock, so the JSON sees them exactly once. */
/* Unbinds b's entries in use and zeroes their counts; b is not listed. */
static void block_clear(struct thread_block *b)
{
	for (unsigned k = 0; k < ASRT_KIND_COUNT; k++) {
		for (uint64_t m = block_used(b, k); m; m &= m - 1) {
			_Atomic unsigned long long *v;
			struct entry_head *e = entry_at(b, k, (unsigned)__builtin_ctzll(m), &v);
			atomic_store_explicit(&e->slot, NULL, memory_order_relaxed);
			e->site = NULL;
			counts_zero(v, asrt__core_kind_fields(k));
		}
		atomic_store_explicit(&b->used[k], 0, memory_order_relaxed);
	}
	b->listed = 0;
}

/* blocks_lock held. */
static void block_spare(struct thread_block *b)
{
	b->next = spare;
	spare = b;
}

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
	block_clear(b);
	block_spare(b);
	pthread_mutex_unlock(&blocks_lock);
	my_block = &no_block; /* a later call (another key's destructor) counts shared */
}

/* A cleared block, not listed: a spare one, the static one or a new
 * mapping; NULL when none can be had. */
static struct thread_block *block_new(void)
{
	pthread_mutex_lock(&blocks_lock);
	struct thread_block *b = spare;
	if (b)
		spare = b->next;
	pthread_mutex_unlock(&blocks_lock);
	if (b)
		return b;
	if (!atomic_exchange_explicit(&first_taken, 1, memory_order_relaxed))
		return &first_block;
	b = mmap(NULL, sizeof *b, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	return b == MAP_FAILED ? NULL : b;
}

static void blocks_init(void)
{
	pthread_atfork(blocks_lock_take, blocks_lock_drop, blocks_child);
	exit_key_ok = pthread_key_create(&exit_key, block_exit) == 0;
}

static void blocks_setup(void)
{
	int st = atomic_load_explicit(&blocks_ready, memory_order_acquire);
	if (st == 2)
		return;
	st = 0;
	if (atomic_compare_exchange_strong_explicit(&blocks_ready, &st, 1,
						    memory_order_acquire,
						    memory_order_acquire)) {
		blocks_init();
		atomic_store_explicit(&blocks_ready, 2, memory_order_release);
		return;
	}
	while (atomic_load_explicit(&blocks_ready, memory_order_acquire) != 2)
		sched_yield(); /* another thread's blocks_init: a few calls */
}

/* Once per thread. Without a key (none left) the thread's counts could not
 * be folded at its exit: it counts in the shared slots instead. */
static struct thread_block *block_mine(void)
{
	struct thread_block *b = my_block;
	if (b)
		return b->listed > 0 ? b : NULL;
	blocks_setup();
	my_block = &no_block;
	b = block_new();
	if (!b)
		return NULL;
	if (!exit_key_ok || pthread_setspecific(exit_key, b) != 0) {
		pthread_mutex_lock(&blocks_lock);
		block_spare(b);
		pthread_mutex_unlock(&blocks_lock);
		return NULL;
	}
	my_block = b;
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

_Atomic unsigned long long *asrt__core_site_owned(const char *site,
						  enum asrt__core_kind kind)
{
	struct thread_block *b = site ? block_mine() : NULL;
	if (!b)
		return NULL;
	/* Fibonacci hashing: literals a few bytes apart land apart. */
	uintptr_t i = ((uintptr_t)site * (uintptr_t)0x9E3779B97F4A7C15u) >>
		      (sizeof(uintptr_t) * 8 - 6);
	_Atomic unsigned long long *v;
	struct entry_head *e = entry_at(b, kind, (unsigned)(i & (SITE_CACHE - 1)), &v);
	if (atomic_load_explicit(&e->slot, memory_order_relaxed))
		return e->site == site ? v : NULL;
	struct site_slot *s = slot_find(site, kind);
	if (!s)
		return NULL;
	/* Counts a reader finds before the slot would be folded nowhere;
	 * counts after it are read relaxed anyway. */
	e->site = site;
	atomic_store_explicit(&e->slot, s, memory_order_release);
	unsigned bit = (unsigned)(i & (SITE_CACHE - 1));
	atomic_fetch_or_explicit(&b->used[kind], (uint64_t)1 << bit, memory_order_release);
	return v;
}

void asrt__core_site_add(const char *site, enum asrt__core_kind kind,
			 const unsigned long long *d)
{
	unsigned n = asrt__core_kind_fields(kind);
	_Atomic unsigned long long *v = asrt__core_site_owned(site, kind);
	if (v) {
		counts_add_owned(v, n, d);
		return;
	}
	struct site_slot *s = site ? slot_find(site, kind) : NULL;
	if (s)
		counts_add_shared(s->counts.v, n, d);
}

void asrt__core_site_record(const char *site, enum asrt__core_kind kind,
			    const struct asrt__core_event *ev)
{
	const unsigned long long d[ASRT_HELPER_FIELDS] = {
		[ASRT_F_CALLS] = 1,
		[ASRT_F_BYTES_COPIED] = ev->bytes_copied,
		[ASRT_F_BYTES_SHARED] = ev->bytes_shared,
		[ASRT_F_REALLOCS_AVOIDED] = ev->reallocs_avoided,
		[ASRT_F_REALLOCS] = ev->reallocs,
	};
	asrt__core_site_add(site, kind, d);
}

void asrt__core_json_string(FILE *out, const char *s)
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
	unsigned long long v[ASRT_FIELDS];
};

static void total_add(struct site_total *t, _Atomic unsigned long long *v,
		      unsigned n)
{
	for (unsigned f = 0; f < n; f++) {
		unsigned long long x = load(&v[f]);
		if (f != ASRT_FIELD_MAX)
			t->v[f] += x;
		else if (x > t->v[f])
			t->v[f] = x;
	}
}

/* By claim order; filled under blocks_lock, only when counts are read. */
static struct site_total totals[SITE_SLOTS];
/* The claimed slots by index, so that reports keep the table's order. */
static unsigned order[SITE_SLOTS];

/* Fills totals[] for the first n claimed slots; the caller holds
 * blocks_lock. */
static void totals_fill(unsigned n)
{
	memset(totals, 0, n * sizeof *totals);
	for (unsigned k = 0; k < n; k++) {
		struct site_slot *s = claimed_slot(k);
		if (s)
			total_add(&totals[k], s->counts.v, ASRT_FIELDS);
	}
	for (struct thread_block *b = blocks; b; b = b->next)
		for (unsigned k = 0; k < ASRT_KIND_COUNT; k++)
			for (uint64_t m = block_used(b, k); m; m &= m - 1) {
				_Atomic unsigned long long *v;
				struct entry_head *e =
					entry_at(b, k, (unsigned)__builtin_ctzll(m), &v);
				struct site_slot *s =
					atomic_load_explicit(&e->slot, memory_order_acquire);
				if (s && s->pos < n)
					total_add(&totals[s->pos], v, asrt__core_kind_fields(k));
			}
}

static int by_index(const void *a, const void *b)
{
	unsigned x = *(const unsigned *)a, y = *(const unsigned *)b;
	return x < y ? -1 : x > y;
}

void asrt__core_sites_each(asrt__core_site_visit *visit, void *ctx)
{
	pthread_mutex_lock(&blocks_lock);
	unsigned n = claimed_count(), m = 0;
	totals_fill(n);
	for (unsigned k = 0; k < n; k++) {
		struct site_slot *s = claimed_slot(k);
		if (s && atomic_load_explicit(&s->state, memory_order_acquire) == SLOT_READY)
			order[m++] = (unsigned)(s - slots);
	}
	qsort(order, m, sizeof *order, by_index);
	for (unsigned j = 0; j < m; j++) {
		struct site_slot *s = &slots[order[j]];
		visit(s->site, s->kind, totals[s->pos].v, ctx);
	}
	pthread_mutex_unlock(&blocks_lock);
}

struct totals_query {
	const char *site;
	enum asrt__core_kind kind;
	unsigned long long *t;
};

static void totals_match(const char *site, enum asrt__core_kind kind,
			 const unsigned long long *totals_of, void *ctx)
{
	struct totals_query *q = ctx;
	if (kind == q->kind && strcmp(site, q->site) == 0)
		memcpy(q->t, totals_of, asrt__core_kind_fields(kind) * sizeof *q->t);
}

void asrt__core_site_totals(const char *site, enum asrt__core_kind kind,
			    unsigned long long *t)
{
	struct totals_query q = { site, kind, t };
	memset(t, 0, asrt__core_kind_fields(kind) * sizeof *t);
	asrt__core_sites_each(totals_match, &q);
}

struct json_list {
	FILE *out;
	const char *sep;
};

static void json_site(const char *site, enum asrt__core_kind kind,
		      const unsigned long long *t, void *ctx)
{
	struct json_list *l = ctx;
	if (kind == ASRT_KIND_PROBE) /* the profile's, not ASRT_STATS' */
		return;
	fprintf(l->out, "%s\n  {\"site\":", l->sep);
	asrt__core_json_string(l->out, site);
	fprintf(l->out,
		",\"kind\":\"%s\",\"calls\":%llu,\"bytes_copied\":%llu,"
		"\"bytes_shared\":%llu,\"reallocs_avoided\":%llu,"
		"\"reallocs\":%llu}",
		kind_names[kind], t[ASRT_F_CALLS], t[ASRT_F_BYTES_COPIED],
		t[ASRT_F_BYTES_SHARED], t[ASRT_F_REALLOCS_AVOIDED], t[ASRT_F_REALLOCS]);
	l->sep = ",";
}

void asrt__sites_json(FILE *out)
{
	struct json_list l = { out, "" };
	fputc('[', out);
	asrt__core_sites_each(json_site, &l);
	fputs(*l.sep ? "\n]" : "]", out);
}
