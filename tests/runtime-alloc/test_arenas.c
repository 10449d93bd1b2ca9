/* Which arena a thread allocates from, and frees into a taken arena (white
 * box, run with ASRT_ARENA_MAX=2): threads that take turns, as Ruby's do
 * under its global lock, all stay on the first arena, so their free memory
 * is one pool; a thread that keeps finding its arena locked takes the arena
 * of the CPU it runs on from then on; a free that finds the arena taken is
 * left to the holder, and freeing that block again is a double free. */
#include "asrt_internal.h"
#include "check.h"

#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

enum { NTHREAD = 8,
       ROUNDS = 200 };
static pthread_mutex_t turn = PTHREAD_MUTEX_INITIALIZER;
static struct asrt_arena *seen[NTHREAD];

static void *take_turns(void *arg)
{
	for (int r = 0; r < ROUNDS; r++) {
		pthread_mutex_lock(&turn);
		free(malloc(64 << 10)); /* mid heap */
		free(malloc(200));      /* small blocks, cache refills */
		pthread_mutex_unlock(&turn);
	}
	seen[(long)arg] = asrt_self.home.arena;
	return NULL;
}

static void turns_share_one_arena(void)
{
	pthread_t t[NTHREAD];
	for (long i = 0; i < NTHREAD; i++)
		ASSERT(pthread_create(&t[i], NULL, take_turns, (void *)i) == 0);
	for (int i = 0; i < NTHREAD; i++)
		ASSERT(pthread_join(t[i], NULL) == 0);
	for (int i = 0; i < NTHREAD; i++)
		EXPECT(seen[i] == &asrt_arenas[0]);
}

/* Found taken on one locking in CONTENDED + 1 or more, a thread switches to
 * the arena of its CPU; a lock found taken now and then does not. */
static void contention_moves_a_thread(void)
{
	struct asrt_arena_home t = { .arena = &asrt_arenas[0] };
	for (int i = 0; i < 1000; i++)
		asrt_arena_contention(&t, i % 20 == 0);
	EXPECT(!t.per_cpu);
	for (int i = 0; i < 1000 && !t.per_cpu; i++)
		asrt_arena_contention(&t, i % 10 == 0);
	EXPECT(t.per_cpu);
	cpu_set_t one;
	for (int cpu = 0; cpu < 2; cpu++) {
		CPU_ZERO(&one);
		CPU_SET(cpu, &one);
		if (sched_setaffinity(0, sizeof one, &one) != 0)
			continue; /* a machine with one CPU */
		asrt_arena_unlock(asrt_arena_lock_home(&t));
		EXPECT(t.arena == &asrt_arenas[cpu]);
	}
}

/* Mid-size blocks too big for the thread's cache: their frees reach the
 * heap. */
enum { UNCACHED = 2 * ASRT_BIG_CACHE_MAX };

static void free_into_taken_arena(void)
{
	struct asrt_arena *a = &asrt_arenas[0];
	void *guard = malloc(UNCACHED), *p = malloc(UNCACHED);
	ASSERT(asrt_os_segment_of(p)->arena == a);
	size_t live = a->mid.live;
	asrt_arena_lock(a);
	free(p); /* would wait: left for the holder */
	EXPECT(atomic_load(&a->mid.deferred) == p);
	EXPECT(a->mid.live == live);
	asrt_arena_unlock(a);
	free(guard); /* the next holder frees both */
	EXPECT(atomic_load(&a->mid.deferred) == NULL);
	EXPECT(a->mid.live < live - (100 << 10));

	pid_t pid = fork();
	ASSERT(pid >= 0);
	if (pid == 0) {
		close(2); /* the abort's message is test_badfree's to check */
		void *q = malloc(UNCACHED);
		asrt_arena_lock(a);
		free(q);
		free(q);
		_exit(0);
	}
	int status;
	ASSERT(waitpid(pid, &status, 0) == pid);
	EXPECT(WIFSIGNALED(status) && WTERMSIG(status) == SIGABRT);
}

int main(void)
{
	turns_share_one_arena();
	free_into_taken_arena();
	contention_moves_a_thread();
	return check_status("test_arenas");
}
