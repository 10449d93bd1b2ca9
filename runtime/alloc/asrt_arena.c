/* Arenas: a fixed array, at most ASRT_ARENA_MAX of them in use, each with
 * its own lock over one small and one mid heap; threads start on the first
 * arena and, once they keep finding it locked, take the arena of the CPU
 * they run on. */
#include "asrt_internal.h"

#include <linux/futex.h>
#include <sched.h>
#include <sys/syscall.h>
#include <unistd.h>

struct asrt_arena asrt_arenas[ASRT_ARENA_LIMIT];
unsigned asrt_narenas;

/* A lock found taken is watched this many pauses (some 5 us) before the
 * thread sleeps: critical sections are short, and a sleep and its wake-up
 * are two system calls and two context switches, which cost more than the
 * wait when the holder runs on another CPU. None on one CPU, where the
 * holder cannot run while we spin. */
#define SPINS 200
static unsigned spins;

static inline void cpu_relax(void)
{
#if defined(__x86_64__) || defined(__i386__)
	__builtin_ia32_pause();
#elif defined(__aarch64__)
	__asm__ __volatile__("yield");
#endif
}

/* The lock was found taken: watch it a while, then mark it contended (2)
 * and sleep until a release wakes us, then try again, marking it contended
 * still, since other sleepers may remain. */
void asrt_lock_wait(struct asrt_lock *l)
{
	for (unsigned i = 0; i < spins; i++) {
		cpu_relax();
		if (!atomic_load_explicit(&l->word, memory_order_relaxed) &&
		    asrt_lock_try(l))
			return;
	}
	while (atomic_exchange_explicit(&l->word, 2, memory_order_acquire) != 0)
		syscall(SYS_futex, &l->word, FUTEX_WAIT_PRIVATE, 2, NULL, NULL, 0);
}

void asrt_lock_wake(struct asrt_lock *l)
{
	syscall(SYS_futex, &l->word, FUTEX_WAKE_PRIVATE, 1, NULL, NULL, 0);
}

void asrt_arenas_init(unsigned n)
{
	asrt_narenas = n < 1 ? 1 : n > ASRT_ARENA_LIMIT ? ASRT_ARENA_LIMIT
							: n;
	spins = asrt_os_ncpu() > 1 ? SPINS : 0;
	for (unsigned i = 0; i < asrt_narenas; i++) {
		atomic_init(&asrt_arenas[i].lock.word, 0);
		asrt_arenas[i].index = i;
	}
}

void asrt_arenas_lock_all(void)
{
	for (unsigned i = 0; i < asrt_narenas; i++)
		asrt_arena_lock(&asrt_arenas[i]);
}

void asrt_arenas_unlock_all(void)
{
	for (unsigned i = asrt_narenas; i-- > 0;)
		asrt_arena_unlock(&asrt_arenas[i]);
}

/* In a fork child, which is single-threaded: fresh locks are simpler than
 * unlocking ones whose owner was a thread that no longer exists. */
void asrt_arenas_reset_locks(void)
{
	for (unsigned i = 0; i < asrt_narenas; i++)
		atomic_store_explicit(&asrt_arenas[i].lock.word, 0,
				      memory_order_relaxed);
}

struct asrt_arena *asrt_arena_first(void)
{
	asrt_arenas[0].used = 1;
	return &asrt_arenas[0];
}

/* Contention score: +CONTENDED for a lock found taken, -1 for one found
 * free; a thread moves on at MOVE_AT, i.e. when more than about one lock in
 * CONTENDED + 1 waits. Threads that take turns (Ruby's, under its global
 * lock) so stay together in one arena, whose free memory is then one pool
 * (less RSS than one pool per thread). A thread that moves takes its CPU's
 * arena at each locking rather than a fixed other one, so that two threads
 * running at once lock different arenas. */
#define CONTENDED 16
#define MOVE_AT 256

void asrt_arena_contention(struct asrt_arena_home *t, int busy)
{
	if (!busy) {
		if (t->contention)
			t->contention--;
		return;
	}
	t->contention += CONTENDED;
	if (t->contention >= MOVE_AT && asrt_narenas > 1)
		t->per_cpu = 1;
}

struct asrt_arena *asrt_arena_lock_home(struct asrt_arena_home *t)
{
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
	int busy = !asrt_arena_trylock(a);
	asrt_arena_contention(t, busy); /* may move t, from its next allocation */
	if (busy)
		asrt_arena_lock(a);
	return a;
}
