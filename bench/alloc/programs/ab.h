/* What every program of the allocator suite shares: a seeded PRNG, integer
 * arguments with defaults, a cookie written into each block and checked
 * before it is freed, and the one output line. Same source for every
 * allocator (LD_PRELOAD); the harness measures wall time and peak RSS from
 * outside. */
#ifndef AB_H
#define AB_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static inline uint64_t ab_next(uint64_t *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 7;
	*s ^= *s << 17;
	return *s;
}

/* A size in [lo, hi], skewed towards lo as real programs are: the smaller
 * of two uniform draws. */
static inline size_t ab_size(uint64_t *s, size_t lo, size_t hi)
{
	size_t a = (size_t)(ab_next(s) % (hi - lo + 1)), b =
								 (size_t)(ab_next(s) % (hi - lo + 1));
	return lo + (a < b ? a : b);
}

/* argv[i] as a number, or def when absent. */
static inline long ab_arg(int argc, char **argv, int i, long def)
{
	return argc > i ? strtol(argv[i], NULL, 0) : def;
}

/* Writes the block's first and last word (or byte, for small blocks) so
 * that the pages are touched and a corruption is caught by ab_check. */
static inline void *ab_fill(void *p, size_t n)
{
	if (!p) {
		fprintf(stderr, "out of memory (%zu bytes)\n", n);
		exit(1);
	}
	unsigned char *b = p;
	b[0] = (unsigned char)n;
	b[n - 1] = (unsigned char)(n >> 3);
	return p;
}

static inline void ab_check(const void *p, size_t n)
{
	const unsigned char *b = p;
	if (b[0] != (unsigned char)n || b[n - 1] != (unsigned char)(n >> 3)) {
		fprintf(stderr, "corrupt block %p (%zu bytes)\n", p, n);
		abort();
	}
}

/* A block that records its own size in its first word (at least 16 bytes),
 * for programs that pass blocks between threads. */
static inline void *ab_tagged(uint64_t *s, size_t lo, size_t hi)
{
	size_t n = ab_size(s, lo < 16 ? 16 : lo, hi);
	size_t *p = malloc(n);
	if (!p) {
		fprintf(stderr, "out of memory (%zu bytes)\n", n);
		exit(1);
	}
	p[0] = n;
	((unsigned char *)p)[n - 1] = (unsigned char)(n * 7);
	return p;
}

static inline void ab_untag(void *q)
{
	size_t *p = q, n = p[0];
	if (((unsigned char *)p)[n - 1] != (unsigned char)(n * 7)) {
		fprintf(stderr, "corrupt block %p (%zu bytes)\n", q, n);
		abort();
	}
	free(p);
}

#endif
