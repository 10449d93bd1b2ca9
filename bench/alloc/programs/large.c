/* large: 20 buffers of 5..25 MiB, one replaced at random each step and
 * written whole, as a C++ value-initialised array is (the new one is made before
 * the old one goes): large-block reuse.
 * usage: large [STEPS=400] */
#include "ab.h"

#define NBUF 20
#define MIB ((size_t)1 << 20)

int main(int argc, char **argv)
{
	long steps = ab_arg(argc, argv, 1, 400);
	char *buf[NBUF] = { 0 };
	uint64_t rng = 42, sum = 0;
	for (long i = 0; i < steps; i++) {
		unsigned k = (unsigned)(ab_next(&rng) % NBUF);
		size_t n = 5 * MIB + (size_t)(ab_next(&rng) % (20 * MIB));
		char *p = malloc(n);
		if (!p)
			return 1;
		memset(p, (int)(i & 0x7f) | 1, n); /* every page written */
		p[n / 2] = (char)i;
		free(buf[k]);
		buf[k] = p;
		sum += n;
	}
	for (int k = 0; k < NBUF; k++)
		free(buf[k]);
	printf("large %llu\n", (unsigned long long)sum);
	return 0;
}
