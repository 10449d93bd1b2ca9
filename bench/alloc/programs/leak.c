/* leak: a program that leaks while it works: blocks (16..2048 bytes, one
 * in 100 of 4..64 KiB) replaced at random in a window, and one replaced
 * block in ten never freed, so the heap keeps growing around the holes.
 * usage: leak [OPS=3000000] [WINDOW=5000] */
#include "ab.h"

int main(int argc, char **argv)
{
	long ops = ab_arg(argc, argv, 1, 3000000), window = ab_arg(argc, argv, 2, 5000);
	void **slot = calloc((size_t)window, sizeof *slot);
	size_t *size = calloc((size_t)window, sizeof *size);
	uint64_t rng = 42, leaked = 0;
	for (long i = 0; i < ops; i++) {
		size_t k = (size_t)(ab_next(&rng) % (uint64_t)window);
		if (slot[k]) {
			ab_check(slot[k], size[k]);
			if (ab_next(&rng) % 10)
				free(slot[k]);
			else
				leaked += size[k];
		}
		size[k] = ab_next(&rng) % 100 ? ab_size(&rng, 16, 2048)
					      : ab_size(&rng, 4096, 65536);
		slot[k] = ab_fill(malloc(size[k]), size[k]);
	}
	printf("leak %llu\n", (unsigned long long)leaked);
	return 0;
}
