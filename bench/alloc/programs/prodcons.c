/* prodcons: PAIRS producer/consumer pairs; each producer allocates blocks
 * of 16..1024 bytes and passes them through a ring to its consumer, which
 * checks and frees them: every free is a cross-thread free.
 * usage: prodcons [PAIRS=2] [BLOCKS=3000000] (per pair) */
#include "ab.h"

#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>

#define RING 1024

struct pair {
	_Atomic(void *) ring[RING];
	long blocks;
	uint64_t seed;
};

static void *produce(void *arg)
{
	struct pair *q = arg;
	uint64_t rng = q->seed;
	for (long i = 0; i < q->blocks; i++) {
		void *p = ab_tagged(&rng, 16, 1024);
		_Atomic(void *) *at = &q->ring[i % RING];
		while (atomic_load_explicit(at, memory_order_acquire))
			sched_yield();
		atomic_store_explicit(at, p, memory_order_release);
	}
	return NULL;
}

static void *consume(void *arg)
{
	struct pair *q = arg;
	for (long i = 0; i < q->blocks; i++) {
		_Atomic(void *) *at = &q->ring[i % RING];
		void *p;
		while (!(p = atomic_load_explicit(at, memory_order_acquire)))
			sched_yield();
		atomic_store_explicit(at, NULL, memory_order_release);
		ab_untag(p);
	}
	return NULL;
}

int main(int argc, char **argv)
{
	long pairs = ab_arg(argc, argv, 1, 2), blocks = ab_arg(argc, argv, 2, 3000000);
	struct pair *q = calloc((size_t)pairs, sizeof *q);
	pthread_t *t = calloc((size_t)pairs * 2, sizeof *t);
	for (long i = 0; i < pairs; i++) {
		q[i].blocks = blocks;
		q[i].seed = 42 + (uint64_t)i;
		pthread_create(&t[2 * i], NULL, produce, &q[i]);
		pthread_create(&t[2 * i + 1], NULL, consume, &q[i]);
	}
	for (long i = 0; i < 2 * pairs; i++)
		pthread_join(t[i], NULL);
	printf("prodcons %ld\n", pairs * blocks);
	free(q);
	free(t);
	return 0;
}
