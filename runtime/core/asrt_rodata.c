/* asrt_rodata.c — which addresses are read-only for good, so that a copy of
 * them can be borrowed instead of made. A snapshot of the read-only segments
 * of every loaded object (PT_LOAD without PF_W, and PT_GNU_RELRO, which the
 * loader makes read-only before any code of the object runs) is built with
 * dl_iterate_phdr and published through one atomic pointer; lookups are a
 * lock-free binary search.
 *
 * A segment only stays read-only while its object stays loaded, so before
 * the first borrow from an object, the object is pinned with RTLD_NODELETE:
 * after that dlclose never unmaps it. The main program needs no pin. An
 * object that cannot be pinned (the vDSO) is never borrowed from: the data
 * is copied instead, which is always correct. */
#define _GNU_SOURCE /* dl_iterate_phdr, dlinfo, RTLD_NOLOAD, RTLD_NODELETE */
#include <dlfcn.h>
#include <link.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "asrt_core_internal.h"

struct ro_object {
	char *name; /* "" for the main program */
	uintptr_t base;
	_Atomic int pinned;
};

struct ro_range {
	struct asrt__span span; /* first: asrt__ro_span points here */
	struct ro_object *obj;
};

struct ro_snapshot {
	size_t nranges, nobjects;
	struct ro_range *ranges; /* sorted by lo, disjoint */
	struct ro_object *objects;
	unsigned long long adds, subs; /* loader counters at scan time */
	struct ro_snapshot *older;     /* kept: a reader may still hold one */
};

static _Atomic(struct ro_snapshot *) current;
static const struct asrt__span no_span; /* holds nothing */
const struct asrt__span *asrt__ro_span = &no_span;
static pthread_mutex_t scan_lock = PTHREAD_MUTEX_INITIALIZER;

struct scan {
	struct ro_snapshot *snap;
	const struct ro_snapshot *prev; /* to carry pins over */
	size_t range_cap, object_cap;
	int failed;
};

static int grow_array(void **a, size_t *cap, size_t need, size_t elem)
{
	if (need <= *cap)
		return 0;
	size_t cap2 = *cap ? *cap * 2 : 16;
	void *b = realloc(*a, cap2 * elem);
	if (!b)
		return -1;
	*a = b;
	*cap = cap2;
	return 0;
}

static int was_pinned(const struct ro_snapshot *prev, const char *name,
		      uintptr_t base)
{
	for (size_t i = 0; prev && i < prev->nobjects; i++) {
		const struct ro_object *o = &prev->objects[i];
		if (o->base == base && strcmp(o->name, name) == 0)
			return atomic_load_explicit(&o->pinned, memory_order_acquire);
	}
	return 0;
}

static int scan_object(struct dl_phdr_info *info, size_t size, void *data)
{
	(void)size;
	struct scan *sc = data;
	struct ro_snapshot *snap = sc->snap;
	int is_main = snap->nobjects == 0; /* the loader lists it first */
	if (grow_array((void **)&snap->objects, &sc->object_cap,
		       snap->nobjects + 1, sizeof *snap->objects))
		goto fail;
	const char *name = info->dlpi_name ? info->dlpi_name : "";
	struct ro_object *obj = &snap->objects[snap->nobjects];
	obj->name = strdup(is_main ? "" : name);
	if (!obj->name)
		goto fail;
	obj->base = info->dlpi_addr;
	atomic_init(&obj->pinned,
		    is_main || was_pinned(sc->prev, obj->name, obj->base));
	snap->nobjects++;
	snap->adds = info->dlpi_adds;
	snap->subs = info->dlpi_subs;
	for (size_t i = 0; i < info->dlpi_phnum; i++) {
		const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
		int ro = (ph->p_type == PT_LOAD && !(ph->p_flags & PF_W)) ||
			 ph->p_type == PT_GNU_RELRO;
		if (!ro || ph->p_memsz == 0)
			continue;
		if (grow_array((void **)&snap->ranges, &sc->range_cap,
			       snap->nranges + 1, sizeof *snap->ranges))
			goto fail;
		struct ro_range *r = &snap->ranges[snap->nranges++];
		r->span.asrt__lo = info->dlpi_addr + ph->p_vaddr;
		r->span.asrt__len = ph->p_memsz;
		/* Object pointers are fixed up after the last realloc of objects. */
		r->obj = (struct ro_object *)(uintptr_t)(snap->nobjects - 1);
	}
	return 0;
fail:
	sc->failed = 1;
	return 1;
}

static int range_cmp(const void *a, const void *b)
{
	const struct ro_range *x = a, *y = b;
	return (x->span.asrt__lo > y->span.asrt__lo) - (x->span.asrt__lo < y->span.asrt__lo);
}

static void snapshot_free(struct ro_snapshot *s)
{
	for (size_t i = 0; i < s->nobjects; i++)
		free(s->objects[i].name);
	free(s->objects);
	free(s->ranges);
	free(s);
}

/* Called with scan_lock held. On failure the old snapshot stays: borrowing
 * less is always safe. */
static struct ro_snapshot *rescan_locked(struct ro_snapshot *prev)
{
	struct ro_snapshot *snap = calloc(1, sizeof *snap);
	if (!snap)
		return prev;
	struct scan sc = { .snap = snap, .prev = prev };
	dl_iterate_phdr(scan_object, &sc);
	if (sc.failed) {
		snapshot_free(snap);
		return prev;
	}
	for (size_t i = 0; i < snap->nranges; i++)
		snap->ranges[i].obj = &snap->objects[(uintptr_t)snap->ranges[i].obj];
	qsort(snap->ranges, snap->nranges, sizeof *snap->ranges, range_cmp);
	snap->older = prev;
	atomic_store_explicit(&current, snap, memory_order_release);
	return snap;
}

/* A fork while another thread scans would leave scan_lock held forever in
 * the child. */
static void scan_lock_take(void)
{
	pthread_mutex_lock(&scan_lock);
}
static void scan_lock_drop(void)
{
	pthread_mutex_unlock(&scan_lock);
}
static pthread_once_t atfork_once = PTHREAD_ONCE_INIT;
static void scan_atfork(void)
{
	pthread_atfork(scan_lock_take, scan_lock_drop, scan_lock_drop);
}

static struct ro_snapshot *snapshot(void)
{
	struct ro_snapshot *s = atomic_load_explicit(&current, memory_order_acquire);
	if (s)
		return s;
	pthread_once(&atfork_once, scan_atfork);
	pthread_mutex_lock(&scan_lock);
	s = atomic_load_explicit(&current, memory_order_acquire);
	if (!s)
		s = rescan_locked(NULL);
	pthread_mutex_unlock(&scan_lock);
	return s;
}

static const struct ro_range *range_find(const struct ro_snapshot *s,
					 uintptr_t a)
{
	size_t lo = 0, hi = s ? s->nranges : 0;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (a < s->ranges[mid].span.asrt__lo)
			hi = mid;
		else if (a - s->ranges[mid].span.asrt__lo >= s->ranges[mid].span.asrt__len)
			lo = mid + 1;
		else
			return &s->ranges[mid];
	}
	return NULL;
}

/* Once per object: make it undeletable, then check that the object now
 * loaded under that name is the one scanned (same base address). Racing
 * pins are harmless, and no lock of ours is held across dlopen, which may
 * wait for a constructor that itself calls the helpers. */
static int pin(struct ro_object *obj)
{
	void *h = dlopen(obj->name, RTLD_LAZY | RTLD_NOLOAD | RTLD_NODELETE);
	if (!h)
		return 0;
	struct link_map *lm = NULL;
	int ok = dlinfo(h, RTLD_DI_LINKMAP, &lm) == 0 && lm &&
		 lm->l_addr == obj->base;
	dlclose(h); /* drops the reference NOLOAD took; NODELETE stays */
	if (ok)
		atomic_store_explicit(&obj->pinned, 1, memory_order_release);
	return ok;
}

static int borrowable_in(const struct ro_snapshot *s, const void *p,
			 size_t n)
{
	uintptr_t a = (uintptr_t)p;
	const struct ro_range *r = range_find(s, a);
	if (!r || n > r->span.asrt__len - (a - r->span.asrt__lo))
		return 0;
	if (!atomic_load_explicit(&r->obj->pinned, memory_order_acquire) &&
	    !pin(r->obj))
		return 0;
	/* Stats count every call: then asrt.h must not answer inline. */
	if (__atomic_load_n(&asrt__ro_span, __ATOMIC_RELAXED) != &r->span &&
	    !asrt__core_stats_on())
		__atomic_store_n(&asrt__ro_span, &r->span, __ATOMIC_RELEASE);
	return 1;
}

int asrt__core_ro_contains(const void *p)
{
	return asrt__core_ro_hot_holds(p, 0) ||
	       range_find(snapshot(), (uintptr_t)p) != NULL;
}

int asrt__core_ro_borrowable(const void *p, size_t n)
{
	return asrt__core_ro_hot_holds(p, n) || borrowable_in(snapshot(), p, n);
}

struct counters {
	unsigned long long adds, subs;
};

static int read_counters(struct dl_phdr_info *info, size_t size, void *data)
{
	(void)size;
	struct counters *c = data;
	c->adds = info->dlpi_adds;
	c->subs = info->dlpi_subs;
	return 1; /* the first object carries the counters; stop there */
}

/* Asking the loader takes its lock, so a stream of heap sources (which miss
 * every range) only asks every RESCAN_EVERY misses; until then an object
 * loaded meanwhile is copied from, which is always correct. */
#define RESCAN_EVERY 64u
static _Atomic unsigned misses;

int asrt__core_ro_borrowable_rescan(const void *p, size_t n)
{
	struct ro_snapshot *s = snapshot();
	if (atomic_fetch_add_explicit(&misses, 1, memory_order_relaxed) %
		    RESCAN_EVERY !=
	    0)
		return 0;
	struct counters c = { 0 };
	dl_iterate_phdr(read_counters, &c);
	if (s && c.adds == s->adds && c.subs == s->subs)
		return 0;
	pthread_mutex_lock(&scan_lock);
	s = rescan_locked(atomic_load_explicit(&current, memory_order_acquire));
	pthread_mutex_unlock(&scan_lock);
	return borrowable_in(s, p, n);
}
