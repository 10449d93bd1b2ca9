/* pool: THREADS threads swap freshly allocated blocks (16..4096 bytes)
 * into random slots of one shared table and free what they take out, so
 * most frees are of blocks another thread allocated.
 * usage: pool [THREADS=8] [OPS=1000000] (per thread) [SLOTS=4096] */
#include "ab.h"

#include <pthread.h>
#include <stdatomic.h>

static _Atomic(void *) *table;
static long ops, slots;

static void *work(void *arg)
{
	uint64_t rng = 42 + (uint64_t)(uintptr_t)arg;
	for (long i = 0; i < ops; i++) {
		void *p = ab_tagged(&rng, 16, 4096);
		void *old = atomic_exchange(&table[ab_next(&rng) % (uint64_t)slots], p);
		if (old)
			ab_untag(old);
	}
	return NULL;
}

int main(int argc, char **argv)
{
	long threads = ab_arg(argc, argv, 1, 8);
	ops = ab_arg(argc, argv, 2, 1000000);
	slots = ab_arg(argc, argv, 3, 4096);
	table = calloc((size_t)slots, sizeof *table);
	pthread_t *t = calloc((size_t)threads, sizeof *t);
	for (long i = 0; i < threads; i++)
		pthread_create(&t[i], NULL, work, (void *)(uintptr_t)i);
	for (long i = 0; i < threads; i++)
		pthread_join(t[i], NULL);
	for (long i = 0; i < slots; i++)
		if (table[i])
			ab_untag(table[i]);
	printf("pool %ld\n", threads * ops);
	free(table);
	free(t);
	return 0;
}
