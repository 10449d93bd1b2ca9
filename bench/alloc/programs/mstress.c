/* mstress: rounds of THREADS short-lived threads (after mimalloc's
 * test-stress): each allocates blocks of mixed sizes (mostly small, some to
 * 16 KiB, a few to 256 KiB) with mixed lifetimes, frees some of its own,
 * and swaps some into a table that outlives it, so blocks are freed by
 * threads of later rounds and caches are handed back at every thread exit.
 * usage: mstress [THREADS=16] [ROUNDS=20] [STEPS=20000] */
#include "ab.h"

#include <pthread.h>
#include <stdatomic.h>

#define TRANSFER 1000
static _Atomic(void *) transfer[TRANSFER];
static long steps;

static void *block(uint64_t *rng)
{
	unsigned r = (unsigned)(ab_next(rng) % 100);
	return r < 90   ? ab_tagged(rng, 16, 256)
	       : r < 99 ? ab_tagged(rng, 256, 16384)
			: ab_tagged(rng, 16384, 262144);
}

static void *work(void *arg)
{
	uint64_t rng = 42 + (uint64_t)(uintptr_t)arg * 7919;
	size_t cap = (size_t)steps / 4 + 1, n = 0;
	void **own = malloc(cap * sizeof *own);
	for (long i = 0; i < steps; i++) {
		unsigned r = (unsigned)(ab_next(&rng) % 16);
		if (r < 2) { /* into the table: freed by some later thread */
			void *old = atomic_exchange(&transfer[ab_next(&rng) % TRANSFER], block(&rng));
			if (old)
				ab_untag(old);
		} else if (r < 9 && n < cap) {
			own[n++] = block(&rng);
		} else if (n) {
			size_t k = (size_t)(ab_next(&rng) % n);
			ab_untag(own[k]);
			own[k] = own[--n];
		}
	}
	while (n)
		ab_untag(own[--n]);
	free(own);
	return NULL;
}

int main(int argc, char **argv)
{
	long threads = ab_arg(argc, argv, 1, 16), rounds = ab_arg(argc, argv, 2, 20);
	steps = ab_arg(argc, argv, 3, 20000);
	pthread_t *t = calloc((size_t)threads, sizeof *t);
	for (long r = 0; r < rounds; r++) {
		for (long i = 0; i < threads; i++)
			pthread_create(&t[i], NULL, work, (void *)(uintptr_t)(r * threads + i));
		for (long i = 0; i < threads; i++)
			pthread_join(t[i], NULL);
	}
	for (int i = 0; i < TRANSFER; i++)
		if (transfer[i])
			ab_untag(transfer[i]);
	free(t);
	printf("mstress %ld\n", threads * rounds * steps);
	return 0;
}
