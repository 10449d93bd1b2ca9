/* realloc: STRINGS strings grown a few bytes at a time, in random order,
 * to 1..8 KiB (a realloc per append), then BUFFERS buffers grown by 64 KiB
 * steps to 32 MiB each, every new part written: in-place growth, moving
 * growth and large-block growth.
 * usage: realloc [STRINGS=20000] [BUFFERS=6] */
#include "ab.h"

#define STEP ((size_t)64 << 10)
#define BIG ((size_t)32 << 20)

int main(int argc, char **argv)
{
	long nstr = ab_arg(argc, argv, 1, 20000), nbuf = ab_arg(argc, argv, 2, 6);
	uint64_t rng = 42, sum = 0;
	char **s = calloc((size_t)nstr, sizeof *s);
	size_t *len = calloc((size_t)nstr, sizeof *len), *goal = calloc((size_t)nstr, sizeof *goal);
	long open = nstr;
	for (long i = 0; i < nstr; i++)
		goal[i] = ab_size(&rng, 1024, 8192);
	while (open) {
		long i = (long)(ab_next(&rng) % (uint64_t)nstr);
		if (len[i] >= goal[i])
			continue;
		size_t add = 1 + (size_t)(ab_next(&rng) % 64);
		char *p = realloc(s[i], len[i] + add);
		if (!p)
			return 1;
		memset(p + len[i], 'a' + (int)(i % 26), add);
		s[i] = p;
		len[i] += add;
		if (len[i] >= goal[i])
			open--;
	}
	for (long i = 0; i < nstr; i++) {
		sum += (unsigned char)s[i][len[i] / 2] + len[i];
		free(s[i]);
	}
	char **b = calloc((size_t)nbuf, sizeof *b);
	for (size_t n = STEP; n <= BIG; n += STEP) {
		for (long k = 0; k < nbuf; k++) {
			char *p = realloc(b[k], n);
			if (!p)
				return 1;
			memset(p + n - STEP, (int)k, STEP);
			b[k] = p;
		}
	}
	for (long k = 0; k < nbuf; k++) {
		sum += (unsigned char)b[k][BIG / 3];
		free(b[k]);
	}
	free(b);
	free(s);
	free(len);
	free(goal);
	printf("realloc %llu\n", (unsigned long long)sum);
	return 0;
}
