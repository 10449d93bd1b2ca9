/* threads: THREADS threads at once on however few cores, each replacing
 * blocks (16..512 bytes, one in 64 up to 8 KiB) in its own window: a
 * server's worker pool, all frees local.
 * usage: threads [THREADS=32] [OPS=400000] (per thread) [WINDOW=500] */
#include "ab.h"

#include <pthread.h>

static long ops, window;

static void *work(void *arg)
{
	uint64_t rng = 42 + (uint64_t)(uintptr_t)arg;
	void **slot = calloc((size_t)window, sizeof *slot);
	for (long i = 0; i < ops; i++) {
		size_t k = (size_t)(ab_next(&rng) % (uint64_t)window);
		if (slot[k])
			ab_untag(slot[k]);
		slot[k] = ab_next(&rng) % 64 ? ab_tagged(&rng, 16, 512)
					     : ab_tagged(&rng, 512, 8192);
	}
	for (long k = 0; k < window; k++)
		if (slot[k])
			ab_untag(slot[k]);
	free(slot);
	return NULL;
}

int main(int argc, char **argv)
{
	long threads = ab_arg(argc, argv, 1, 32);
	ops = ab_arg(argc, argv, 2, 400000);
	window = ab_arg(argc, argv, 3, 500);
	pthread_t *t = calloc((size_t)threads, sizeof *t);
	for (long i = 0; i < threads; i++)
		pthread_create(&t[i], NULL, work, (void *)(uintptr_t)i);
	for (long i = 0; i < threads; i++)
		pthread_join(t[i], NULL);
	free(t);
	printf("threads %ld\n", threads * ops);
	return 0;
}
