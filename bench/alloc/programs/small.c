/* small: one thread, small objects (8..512 bytes) replaced at random in a
 * window of live blocks: the malloc/free fast path.
 * usage: small [OPS=30000000] [WINDOW=2000] */
#include "ab.h"

int main(int argc, char **argv)
{
	long ops = ab_arg(argc, argv, 1, 30000000), window = ab_arg(argc, argv, 2, 2000);
	void **slot = calloc((size_t)window, sizeof *slot);
	size_t *size = calloc((size_t)window, sizeof *size);
	uint64_t rng = 42, sum = 0;
	for (long i = 0; i < ops; i++) {
		size_t k = (size_t)(ab_next(&rng) % (uint64_t)window);
		if (slot[k]) {
			ab_check(slot[k], size[k]);
			free(slot[k]);
		}
		size[k] = ab_size(&rng, 8, 512);
		slot[k] = ab_fill(malloc(size[k]), size[k]);
		sum += size[k];
	}
	for (long k = 0; k < window; k++)
		free(slot[k]);
	free(slot);
	free(size);
	printf("small %llu\n", (unsigned long long)sum);
	return 0;
}
