/* Arenas: a fixed array, at most ASRT_ARENA_MAX of them in use, each with
 * its own lock; threads start on the first arena and, once they keep
 * finding it locked, take the arena of the CPU they run on. Initialisation
 * never allocates (so the first call may come from the dynamic loader or
 * from dlsym), and fork locks every arena so the child inherits a
 * consistent heap. */
#include "asrt_internal.h"

#include <sched.h>

struct asrt_arena asrt_arenas[ASRT_ARENA_LIMIT];
unsigned asrt_narenas;
atomic_int asrt_ready;

static pthread_mutex_t init_lock = PTHREAD_MUTEX_INITIALIZER;

static void fork_prepare(void) {
  asrt_tcache_fork_prepare();
  for (unsigned i = 0; i < asrt_narenas; i++)
    pthread_mutex_lock(&asrt_arenas[i].lock);
  asrt_huge_fork_prepare();
}

static void fork_parent(void) {
  asrt_huge_fork_parent();
  for (unsigned i = asrt_narenas; i-- > 0;)
    pthread_mutex_unlock(&asrt_arenas[i].lock);
  asrt_tcache_fork_parent();
}

/* The child is single-threaded: fresh locks are simpler than unlocking
 * ones whose owner was a thread that no longer exists. */
static void fork_child(void) {
  asrt_huge_fork_child();
  for (unsigned i = 0; i < asrt_narenas; i++)
    pthread_mutex_init(&asrt_arenas[i].lock, NULL);
  asrt_tcache_fork_child();
}

void asrt_init_slow(void) {
  int first = 0;
  pthread_mutex_lock(&init_lock);
  if (!atomic_load_explicit(&asrt_ready, memory_order_relaxed)) {
    asrt_options_init();
    asrt_stats_init();
    asrt_check_init();
    long n = asrt_option(ASRT_OPT_ARENA_MAX);
    if (n <= 0)
      n = asrt_os_ncpu();
    if (n > ASRT_ARENA_LIMIT)
      n = ASRT_ARENA_LIMIT;
    asrt_narenas = (unsigned)n;
    for (unsigned i = 0; i < asrt_narenas; i++) {
      pthread_mutex_init(&asrt_arenas[i].lock, NULL);
      asrt_arenas[i].index = i;
    }
    asrt_tcache_init();
    atomic_store_explicit(&asrt_ready, 1, memory_order_release);
    first = 1;
  }
  pthread_mutex_unlock(&init_lock);
  /* After the heap is ready: registering may itself allocate. */
  if (first)
    pthread_atfork(fork_prepare, fork_parent, fork_child);
}

struct asrt_arena *asrt_arena_first(void) {
  asrt_arenas[0].used = 1;
  return &asrt_arenas[0];
}

/* Contention score: +CONTENDED for a lock found taken, -1 for one found
 * free; a thread moves on at MOVE_AT, i.e. when more than about one lock in
 * CONTENDED + 1 waits. Threads that take turns (Ruby's, under its global
 * lock) stay together in one arena, so their free memory is one pool: on
 * Ruby's frag.rb, one arena against two held 1.04-1.05x the live bytes
 * instead of 1.05-1.06 at the end and 1.16-1.18 instead of 1.26-1.30 at
 * the peak, frag2.rb 1.29 instead of 1.34. A thread that moves takes its
 * CPU's arena at each locking rather than a fixed other one: two threads
 * running at once then lock different arenas, where with fixed homes half
 * the time both ran on the same one (C frag, 10 threads on 2 cores:
 * ~100,000 context switches a run before, ~70,000 after). */
#define CONTENDED 16
#define MOVE_AT 256

void asrt_arena_contention(struct asrt_thread *t, int busy) {
  if (!busy) {
    if (t->contention)
      t->contention--;
    return;
  }
  t->contention += CONTENDED;
  if (t->contention >= MOVE_AT && asrt_narenas > 1)
    t->per_cpu = 1;
}

struct asrt_arena *asrt_arena_lock_home(struct asrt_thread *t) {
  if (t->per_cpu) {
    int cpu = sched_getcpu();
    struct asrt_arena *c =
        &asrt_arenas[(unsigned)(cpu < 0 ? 0 : cpu) % asrt_narenas];
    if (c != t->arena) { /* not a shared store on every locking */
      c->used = 1;
      t->arena = c;
    }
  }
  struct asrt_arena *a = t->arena;
  int busy = pthread_mutex_trylock(&a->lock) != 0;
  asrt_arena_contention(t, busy); /* may move t, from its next allocation */
  if (busy)
    asrt_arena_lock(a);
  return a;
}

void asrt_arena_trim_all(void) {
  for (unsigned i = 0; i < asrt_narenas; i++) {
    struct asrt_arena *a = &asrt_arenas[i];
    asrt_arena_lock(a);
    asrt_slab_trim(a);
    asrt_mid_trim(a);
    asrt_arena_unlock(a);
  }
  asrt_huge_trim();
}

/* A bulk release seen in one arena: the frees before it crossed the
 * threshold may have gone to the others (a GC's sweep frees blocks of every
 * thread), whose budgets would keep them resident. */
void asrt_arena_purge_others(const struct asrt_arena *a) {
  for (unsigned i = 0; i < asrt_narenas; i++) {
    struct asrt_arena *o = &asrt_arenas[i];
    if (o == a)
      continue;
    asrt_arena_lock(o);
    asrt_mid_trim(o);
    asrt_arena_unlock(o);
  }
}
