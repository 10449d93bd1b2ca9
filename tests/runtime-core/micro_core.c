/* micro_core.c — asrt_core_micro [ROUNDS [grow-realloc|grow-asrt]]: ns per
 * call of the helpers next to the code they replace, for the report; not run
 * by the tests (figures depend on the machine). The grow modes time one run
 * in a fresh process, as a benchmark sees it (glibc raises its mmap
 * threshold after the first large free, so later runs are cheaper). */
#define _POSIX_C_SOURCE 200809L /* clock_gettime */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <asrt/asrt.h>

static const int table[110] = {
	0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 1,
	2, 3, 4, 5, 6, 7, 8, 9, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 1, 2, 3,
	4, 5, 6, 7, 8, 9, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 1, 2, 3, 4, 5,
	6, 7, 8, 9, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 1, 2, 3, 4, 5, 6, 7,
	8, 9, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9
};

static volatile long sink;

static double now_ns(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec * 1e9 + t.tv_nsec;
}

/* The duparray call: make a copy of the table, read it, drop it. */
static double copy_read_free(long rounds)
{
	double t0 = now_ns();
	for (long i = 0; i < rounds; i++) {
		int *p = malloc(sizeof table);
		if (!p)
			return -1;
		memcpy(p, table, sizeof table);
		sink += p[i % 110];
		free(p);
	}
	return (now_ns() - t0) / rounds;
}

static double share_read_release(long rounds)
{
	double t0 = now_ns();
	for (long i = 0; i < rounds; i++) {
		const int *p = asrt_cow_share(table, sizeof table);
		sink += p[i % 110];
		asrt_cow_release((void *)p);
	}
	return (now_ns() - t0) / rounds;
}

/* A heap source: share copies it once into a block with a header. */
static double share_heap(long rounds, int bump)
{
	int *src = malloc(sizeof table);
	if (!src)
		return -1;
	memcpy(src, table, sizeof table);
	int *shared = asrt_cow_share(src, sizeof table);
	double t0 = now_ns();
	for (long i = 0; i < rounds; i++) {
		const int *p = asrt_cow_share(bump ? shared : src, sizeof table);
		sink += p[i % 110];
		asrt_cow_release((void *)p);
	}
	double t = (now_ns() - t0) / rounds;
	asrt_cow_release(shared);
	free(src);
	return t;
}

/* Grow by one element per step to n elements. */
static double grow_steps(long n, int use_asrt)
{
	double t0 = now_ns();
	long *v = NULL;
	for (long i = 0; i < n; i++) {
		size_t bytes = (size_t)(i + 1) * sizeof *v;
		long *w = use_asrt ? asrt_grow(v, bytes) : realloc(v, bytes);
		if (!w)
			return -1;
		v = w;
		v[i] = i;
	}
	sink += v[n - 1];
	free(v);
	return (now_ns() - t0) / n;
}

/* The best of several runs: the machine may be busy with other work. */
static double best_of(double (*run)(long, int), long arg, int flag)
{
	double best = run(arg, flag);
	for (int i = 0; i < 4; i++) {
		double t = run(arg, flag);
		if (t < best)
			best = t;
	}
	return best;
}

static double table_run(long rounds, int use_asrt)
{
	return use_asrt ? share_read_release(rounds) : copy_read_free(rounds);
}

int main(int argc, char **argv)
{
	long rounds = argc > 1 ? atol(argv[1]) : 2000000;
	if (argc > 2) {
		int use_asrt = strcmp(argv[2], "grow-asrt") == 0;
		printf("10^6 one-element growths, fresh process, %s: %.1f ns/step\n",
		       use_asrt ? "asrt_grow" : "realloc", grow_steps(1000000, use_asrt));
		return 0;
	}
	asrt_cow_release(asrt_cow_share(table, sizeof table)); /* first scan */
	double a = best_of(table_run, rounds, 0), b = best_of(table_run, rounds, 1);
	printf("copy of a %zu-byte const table, read, freed:\n", sizeof table);
	printf("  malloc+memcpy+free        %6.1f ns/call\n", a);
	printf("  asrt_cow_share+release    %6.1f ns/call (%.0f%% less)\n", b,
	       100 * (1 - b / a));
	printf("  share of a heap source     %6.1f ns/call (copies once)\n",
	       best_of(share_heap, rounds, 0));
	printf("  share of a shared block    %6.1f ns/call (refcount)\n",
	       best_of(share_heap, rounds, 1));
	double c = best_of(grow_steps, 1000000, 0);
	double d = best_of(grow_steps, 1000000, 1);
	printf("10^6 one-element growths:\n");
	printf("  realloc                   %6.1f ns/step\n", c);
	printf("  asrt_grow                 %6.1f ns/step (%.0f%% less)\n", d,
	       100 * (1 - d / c));
	return 0;
}
