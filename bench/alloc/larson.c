/* Larson-style server benchmark: each of THREADS workers owns an array of
 * BLOCKS blocks of MIN..MAX bytes and replaces random ones; after ROUNDS
 * rounds a worker hands its array to a fresh thread and exits, so blocks
 * are freed by threads that did not allocate them. Prints operations per
 * second after SECONDS. Same program for every allocator (LD_PRELOAD).
 *
 * usage: larson [SECONDS=5] [THREADS=2] [MIN=8] [MAX=1000] [BLOCKS=5000]
 *               [ROUNDS=100] */
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static long min_size = 8, max_size = 1000, nblocks = 5000, rounds = 100;
static atomic_int stop;
static _Atomic uint64_t total_ops;

struct worker {
	char **blocks;
	uint64_t rng;
};

static uint64_t next(uint64_t *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 7;
	*s ^= *s << 17;
	return *s;
}

static void *run(void *arg)
{
	struct worker *w = arg;
	uint64_t ops = 0;
	for (long r = 0; r < rounds && !atomic_load(&stop); r++) {
		for (long i = 0; i < nblocks; i++) {
			size_t k = next(&w->rng) % (uint64_t)nblocks;
			free(w->blocks[k]);
			size_t n = (size_t)min_size + next(&w->rng) % (uint64_t)(max_size - min_size + 1);
			w->blocks[k] = malloc(n);
			w->blocks[k][0] = (char)n; /* touch it, as a server would */
			ops++;
		}
	}
	atomic_fetch_add(&total_ops, ops);
	if (!atomic_load(&stop)) { /* hand the array on to a new thread */
		pthread_t t;
		if (pthread_create(&t, NULL, run, w) == 0) {
			pthread_detach(t);
			return NULL;
		}
	}
	return w;
}

int main(int argc, char **argv)
{
	int seconds = argc > 1 ? atoi(argv[1]) : 5;
	int threads = argc > 2 ? atoi(argv[2]) : 2;
	if (argc > 3)
		min_size = atol(argv[3]);
	if (argc > 4)
		max_size = atol(argv[4]);
	if (argc > 5)
		nblocks = atol(argv[5]);
	if (argc > 6)
		rounds = atol(argv[6]);
	if (threads < 1 || min_size < 1 || max_size < min_size || nblocks < 1)
		return 2;
	struct worker *ws = calloc((size_t)threads, sizeof *ws);
	for (int i = 0; i < threads; i++) {
		ws[i].rng = 88172645463325252u + (uint64_t)i * 7919;
		ws[i].blocks = calloc((size_t)nblocks, sizeof *ws[i].blocks);
		for (long k = 0; k < nblocks; k++) {
			size_t n = (size_t)min_size + next(&ws[i].rng) % (uint64_t)(max_size - min_size + 1);
			ws[i].blocks[k] = malloc(n);
		}
		pthread_t t;
		pthread_create(&t, NULL, run, &ws[i]);
		pthread_detach(t);
	}
	struct timespec t0, t1;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	sleep((unsigned)seconds);
	atomic_store(&stop, 1);
	clock_gettime(CLOCK_MONOTONIC, &t1);
	uint64_t ops = atomic_load(&total_ops);
	double dt = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9;
	printf("larson: %d threads, %ld..%ld bytes: %.2f M ops/s\n", threads, min_size,
	       max_size, (double)ops / dt / 1e6);
	return 0;
}
