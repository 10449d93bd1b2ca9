/* Correct programs that once aborted with "asrt: double free": a block
 * freed into a thread cache carries a free key in its second word; when
 * the cache hands it back to the heap and the heap merges it into a free
 * neighbour, a block later cut at the same address (an aligned cut, most
 * often) must not come out with that key still in it. Each case runs in a
 * child of its own, so that it starts from a heap no other case shaped. */
#include "check.h"

#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

static void *aligned_alloc_or_die(size_t align, size_t n)
{
	void *p = NULL;
	if (posix_memalign(&p, align, n) != 0)
		exit(3);
	return p;
}

static void *free_and_exit(void *p)
{
	free(p);
	return NULL;
}

/* A thread frees another thread's aligned block and exits: its cache gives
 * the block back at thread exit. */
static void thread_exit_path(void)
{
	void *a = malloc(5000);
	void *q = aligned_alloc_or_die(4096, 2048);
	void *b = malloc(5000);
	pthread_t t;
	if (pthread_create(&t, NULL, free_and_exit, q) != 0 || pthread_join(t, NULL) != 0)
		exit(3);
	char *r = aligned_alloc_or_die(4096, 8);
	*r = 1;
	free(r);
	free(a);
	free(b);
}

/* One thread: the cached block (above the 1..8 KiB cache's range, in the
 * cache of bigger blocks) goes back to the heap on a later miss. */
static void cache_miss_path(void)
{
	free(malloc(16)); /* the thread's cache is set up */
	void *a = malloc(5000);
	void *q = aligned_alloc_or_die(4096, 16384);
	void *b = malloc(5000);
	free(q);
	void *big = malloc(50000);
	char *r = aligned_alloc_or_die(4096, 8);
	*r = 1;
	free(r);
	free(big);
	free(a);
	free(b);
}

/* Every aligned size from a cached block's neighbourhood, many times over:
 * any cut at a stale address must come out clean. */
static void aligned_sweep(void)
{
	for (int round = 0; round < 200; round++) {
		void *keep[8];
		for (int i = 0; i < 8; i++)
			keep[i] = malloc(1100 + (size_t)(round * 37 + i * 500) % 3000);
		void *q = aligned_alloc_or_die((size_t)64 << (round % 7), 1100 + (size_t)round * 13 % 3000);
		pthread_t t;
		if (pthread_create(&t, NULL, free_and_exit, q) != 0 || pthread_join(t, NULL) != 0)
			exit(3);
		for (int i = 0; i < 8; i += 2)
			free(keep[i]);
		char *r = aligned_alloc_or_die((size_t)128 << (round % 6), 8 + (size_t)round % 64);
		*r = 1;
		free(r);
		for (int i = 1; i < 8; i += 2)
			free(keep[i]);
	}
}

static int run(const char *name, void (*fn)(void))
{
	pid_t pid = fork();
	if (pid == 0) {
		fn();
		_exit(0);
	}
	int st = 0;
	if (pid < 0 || waitpid(pid, &st, 0) != pid)
		return 0;
	if (WIFSIGNALED(st))
		fprintf(stderr, "%s: killed by signal %d\n", name, WTERMSIG(st));
	return WIFEXITED(st) && WEXITSTATUS(st) == 0;
}

int main(void)
{
	EXPECT(run("thread_exit_path", thread_exit_path));
	EXPECT(run("cache_miss_path", cache_miss_path));
	EXPECT(run("aligned_sweep", aligned_sweep));
	return check_status("test_stalekey");
}
