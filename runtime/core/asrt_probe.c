/* asrt_probe.c — the counting probes of asrt_probe.h. Each call adds to its
 * site's counters: one slot of kind ASRT_KIND_PROBE in asrt_sites.c's table
 * holds the calls and bytes of the four probe kinds, the moves and the
 * largest call. The two halves of a probed realloc meet on a stack of the
 * thread's; the old block's size comes from a cache of the thread's recent
 * probed reallocs and the sizes they asked for. Nothing here allocates or
 * reads the memory a pointer points to. */
#include <limits.h>
#include <string.h>

#include <asrt/asrt_probe.h>
#include "asrt_core_internal.h"

/* The calls counter of each ASRT_PROBE_* kind; its bytes come next. */
static const unsigned char calls_field[] = {
	[ASRT_PROBE_ALLOC] = ASRT_PF_ALLOCS,
	[ASRT_PROBE_COPY] = ASRT_PF_COPIES,
	[ASRT_PROBE_REALLOC] = ASRT_PF_REALLOCS,
	[ASRT_PROBE_DUP] = ASRT_PF_DUPS,
};

#define STACK_DEPTH 16u /* pairs nested in one another's arguments */
#define REQUESTS 8u     /* sites whose latest REALLOC size is kept */
#define SIZE_CACHE 64u  /* recent results of probed reallocs, by address */

struct pending {
	const char *site;
	const void *old;
};

/* The size the latest REALLOC probe at site asked for; known == 0 when it
 * could not tell (elem 0). */
struct request {
	const char *site; /* NULL: free */
	unsigned long long bytes;
	int known;
};

struct sized {
	const void *p; /* NULL: free */
	unsigned long long bytes;
};

/* The stack is a ring: an entry whose asrt_probe_new never came (a longjmp
 * out of the realloc's arguments) is evicted by later pushes instead of
 * filling the stack for good; a pair deeper than the ring finds its entry
 * gone and counts no move. */
struct probe_thread {
	struct pending stack[STACK_DEPTH];
	unsigned top;   /* where the next push goes */
	unsigned depth; /* entries held, at most STACK_DEPTH */
	struct request requests[REQUESTS];
	unsigned next_request; /* the one a new site replaces */
	struct sized sizes[SIZE_CACHE];
};

static _Thread_local struct probe_thread me;

/* Sites are equal by text; within one translation unit the literals of one
 * probed expression are one object, so the pointers nearly always agree. */
static int same_site(const char *a, const char *b)
{
	return a == b || (a && b && strcmp(a, b) == 0);
}

static struct request *request_find(struct probe_thread *t, const char *site)
{
	for (unsigned i = 0; i < REQUESTS; i++)
		if (t->requests[i].site == site)
			return &t->requests[i];
	for (unsigned i = 0; i < REQUESTS; i++)
		if (t->requests[i].site && same_site(t->requests[i].site, site))
			return &t->requests[i];
	return NULL;
}

static void request_note(const char *site, unsigned long long bytes, int known)
{
	struct probe_thread *t = &me;
	struct request *r = request_find(t, site);
	if (!r)
		r = &t->requests[t->next_request++ % REQUESTS];
	r->site = site;
	r->bytes = bytes;
	r->known = known;
}

static struct sized *sized_at(struct probe_thread *t, const void *p)
{
	uintptr_t h = ((uintptr_t)p >> 4) * (uintptr_t)0x9E3779B97F4A7C15u;
	return &t->sizes[h >> (sizeof(uintptr_t) * 8 - 6)];
}

_Static_assert(ASRT_PF_BYTES_ALLOC == ASRT_PF_ALLOCS + 1 &&
		       ASRT_PF_BYTES_COPIED == ASRT_PF_COPIES + 1 &&
		       ASRT_PF_BYTES_REALLOC == ASRT_PF_REALLOCS + 1 &&
		       ASRT_PF_BYTES_DUP == ASRT_PF_DUPS + 1 &&
		       ASRT_PF_BYTES_MOVED == ASRT_PF_MOVES + 1,
	       "each count is followed by its bytes");

/* Adds 1 to field f of site, bytes to the field after it, and raises the
 * largest call to largest. */
static void add(const char *site, unsigned f, unsigned long long bytes,
		unsigned long long largest)
{
	_Atomic unsigned long long *v = asrt__core_site_owned(site, ASRT_KIND_PROBE);
	if (v) { /* the fast path: three counters of this thread's own */
		asrt__core_owned_add(&v[f], 1);
		asrt__core_owned_add(&v[f + 1], bytes);
		asrt__core_owned_max(&v[ASRT_PF_LARGEST], largest);
		return;
	}
	unsigned long long d[ASRT_FIELDS] = { 0 };
	d[f] = 1;
	d[f + 1] = bytes;
	d[ASRT_PF_LARGEST] = largest;
	asrt__core_site_add(site, ASRT_KIND_PROBE, d);
}

/* One call of kind at site, with bytes if known. */
static void count(const char *site, int kind, unsigned long long bytes,
		  int known)
{
	if (kind < 0 || (unsigned)kind >= sizeof calls_field)
		return;
	add(site, calls_field[kind], known ? bytes : 0, known ? bytes : 0);
	if (kind == ASRT_PROBE_REALLOC && site)
		request_note(site, bytes, known);
}

unsigned long long asrt_probe_n(const char *site, int kind,
				unsigned long long elem, unsigned long long n)
{
	unsigned long long bytes;
	if (__builtin_mul_overflow(n, elem, &bytes))
		bytes = ULLONG_MAX;
	count(site, kind, bytes, elem != 0);
	return n;
}

void asrt_probe_note(const char *site, int kind, unsigned long long bytes)
{
	count(site, kind, bytes, 1);
}

const char *asrt_probe_str(const char *site, int kind, const char *s)
{
	count(site, kind, s ? strlen(s) + 1 : 0, s != NULL);
	return s;
}

const void *asrt_probe_old(const char *site, const void *old)
{
	struct probe_thread *t = &me;
	t->stack[t->top] = (struct pending){ site, old };
	t->top = (t->top + 1) % STACK_DEPTH;
	if (t->depth < STACK_DEPTH)
		t->depth++;
	return old;
}

const void *asrt_probe_new(const char *site, const void *result)
{
	struct probe_thread *t = &me;
	unsigned i = (t->top + STACK_DEPTH - 1) % STACK_DEPTH;
	if (!t->depth || !same_site(t->stack[i].site, site))
		return result;
	const void *old = t->stack[i].old;
	t->top = i;
	t->depth--;
	const struct request *r = request_find(t, site);
	int known = r && r->known;
	unsigned long long want = known ? r->bytes : 0;
	if (result && old && result != old) {
		unsigned long long moved = 0;
		struct sized *o = sized_at(t, old);
		if (o->p == old) {
			if (known)
				moved = o->bytes < want ? o->bytes : want;
			o->p = NULL; /* the block is gone */
		}
		add(site, ASRT_PF_MOVES, moved, 0);
	}
	/* The result's size, for the next realloc of it; a NULL result for a
	 * size of 0 means realloc freed old. */
	const void *p = result ? result : known && !want ? old
							 : NULL;
	if (p) {
		struct sized *s = sized_at(t, p);
		if (result && known)
			*s = (struct sized){ result, want };
		else if (s->p == p)
			s->p = NULL;
	}
	return result;
}

/* When two copies of asrt_core are loaded (libasrt preloaded, libasrt_core
 * linked), the dynamic linker binds every probe call, and the name
 * asrt_probe_n here, to the first copy: only that one counted, and only it
 * writes the profile. The alias is always this copy's own function. */
extern __typeof__(asrt_probe_n) asrt__core_probe_n_here
	__attribute__((alias("asrt_probe_n"), visibility("hidden")));

/* A destructor, as for ASRT_STATS: it runs for static and shared linking
 * alike, and a program linked statically gets it with its first probe. */
__attribute__((destructor)) static void profile_at_exit(void)
{
	if (asrt_probe_n == asrt__core_probe_n_here)
		asrt__core_profile_write();
}
