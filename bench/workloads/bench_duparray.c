/* duparray: seed 003 in C. Ruby's duparray instruction copied a literal
 * array's buffer on every evaluation (malloc + memcpy in rb_ary_resurrect)
 * although the copy is mostly only read. Two shapes, both written the plain
 * way so that a rewriter can turn the copies into copy-on-write references:
 *   call: a copy of a constant table made, read and freed on every call;
 *   keep: `copies` copies kept in a list (the seed's `10000.times { list <<
 *         foo }`), read many times, a few of them written, all freed.
 * Live bytes are the bytes of the copies the program holds. */
#define _POSIX_C_SOURCE 200809L
#include "bench_common.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* def foo; [1, 2, 3, 4]; end */
static const long bench_small_table[4] = { 1, 2, 3, 4 };

/* The seed's 110-element literal. */
static const long bench_large_table[110] = {
	0,
	1,
	2,
	3,
	4,
	5,
	6,
	7,
	8,
	9,
	0,
	1,
	2,
	3,
	4,
	5,
	6,
	7,
	8,
	9,
	0,
	1,
	2,
	3,
	4,
	5,
	6,
	7,
	8,
	9,
	0,
	1,
	2,
	3,
	4,
	5,
	6,
	7,
	8,
	9,
	0,
	1,
	2,
	3,
	4,
	5,
	6,
	7,
	8,
	9,
	0,
	1,
	2,
	3,
	4,
	5,
	6,
	7,
	8,
	9,
	0,
	1,
	2,
	3,
	4,
	5,
	6,
	7,
	8,
	9,
	0,
	1,
	2,
	3,
	4,
	5,
	6,
	7,
	8,
	9,
	0,
	1,
	2,
	3,
	4,
	5,
	6,
	7,
	8,
	9,
	0,
	1,
	2,
	3,
	4,
	5,
	6,
	7,
	8,
	9,
	0,
	1,
	2,
	3,
	4,
	5,
	6,
	7,
	8,
	9,
};

#define SMALL_LEN (sizeof bench_small_table / sizeof bench_small_table[0])
#define LARGE_LEN (sizeof bench_large_table / sizeof bench_large_table[0])

struct duparray_params {
	long calls, copies, passes, write_pct, ideal;
};

/* What a call does with its copy: reads, no writes. */
static long read_small(const long *a, long k)
{
	return a[k % (long)SMALL_LEN] + a[0];
}

static long read_large(const long *a, long k)
{
	long v = 0;
	for (size_t i = 0; i < LARGE_LEN; i += 10)
		v += a[(i + (size_t)k) % LARGE_LEN];
	return v;
}

/* Shape "call": the literal is evaluated, read and dropped on every call. */
static long call_small(long k)
{
	long *a = malloc(sizeof bench_small_table);
	if (a == NULL)
		return -1;
	memcpy(a, bench_small_table, sizeof bench_small_table);
	long v = read_small(a, k);
	free(a);
	return v;
}

static long call_large(long k)
{
	long *a = malloc(sizeof bench_large_table);
	if (a == NULL)
		return -1;
	memcpy(a, bench_large_table, sizeof bench_large_table);
	long v = read_large(a, k);
	free(a);
	return v;
}

/* The floor no rewrite can beat: the same reads on the tables themselves. */
static long in_place(long k)
{
	return read_small(bench_small_table, k) + read_large(bench_large_table, k);
}

static int run_calls(long calls, int ideal, long *checksum)
{
	for (long k = 0; k < calls; k++) {
		if (ideal) {
			*checksum += in_place(k);
			continue;
		}
		long s = call_small(k), l = call_large(k);
		if (s < 0 || l < 0)
			return -1;
		*checksum += s + l;
	}
	return 0;
}

/* Shape "keep": the lists of copies, as the seed's `list`. */
struct duparray_lists {
	long **small;
	long **large;
	long n;
};

static int lists_fill(struct duparray_lists *l, long copies)
{
	l->small = calloc((size_t)copies, sizeof *l->small);
	l->large = calloc((size_t)copies, sizeof *l->large);
	if (l->small == NULL || l->large == NULL)
		return -1;
	for (; l->n < copies; l->n++) {
		long *s = malloc(sizeof bench_small_table);
		if (s == NULL)
			return -1;
		memcpy(s, bench_small_table, sizeof bench_small_table);
		long *g = malloc(sizeof bench_large_table);
		if (g == NULL) {
			free(s);
			return -1;
		}
		memcpy(g, bench_large_table, sizeof bench_large_table);
		l->small[l->n] = s;
		l->large[l->n] = g;
	}
	return 0;
}

/* Mostly reads: every element of every copy, `passes` times. */
static long lists_read(const struct duparray_lists *l, long passes)
{
	long sum = 0;
	for (long p = 0; p < passes; p++)
		for (long i = 0; i < l->n; i++) {
			for (size_t j = 0; j < SMALL_LEN; j++)
				sum += l->small[i][j];
			for (size_t j = 0; j < LARGE_LEN; j++)
				sum += l->large[i][j];
		}
	return sum;
}

/* Some writes: one element in `write_pct`% of the copies, spread evenly. */
static long lists_write(struct duparray_lists *l, long write_pct)
{
	long written = 0;
	if (write_pct == 0)
		return 0;
	long every = 100 / write_pct;
	for (long i = 0; i < l->n; i += every) {
		l->small[i][i % (long)SMALL_LEN] = i;
		l->large[i][i % (long)LARGE_LEN] = -i;
		written++;
	}
	return written;
}

static void lists_free(struct duparray_lists *l)
{
	for (long i = 0; i < l->n; i++) {
		free(l->small[i]);
		free(l->large[i]);
	}
	free(l->small);
	free(l->large);
}

int main(int argc, char **argv)
{
	struct duparray_params p = { 2000000, 100000, 20, 1, 0 };
	const struct bench_opt opts[] = {
		{ "calls", &p.calls, 0, 1L << 40, "shape call: copies made, read, freed (0: skip)" },
		{ "copies", &p.copies, 0, 1L << 30, "shape keep: copies of each table kept (0: skip)" },
		{ "passes", &p.passes, 0, 1L << 30, "shape keep: read passes over all copies" },
		{ "write-pct", &p.write_pct, 0, 100, "shape keep: % of copies written once" },
		{ "ideal", &p.ideal, 0, 1, "shape call: 1 reads the tables in place, no copy (the floor)" },
	};
	enum bench_parse parsed = bench_opts_parse(
		argc, argv, "duparray: copies of a 4- and a 110-element constant array (seed 003)",
		opts, sizeof opts / sizeof opts[0]);
	if (parsed != BENCH_PARSE_OK)
		return bench_opts_exit_status(parsed);

	struct bench_clock clock;
	struct duparray_lists lists = { NULL, NULL, 0 };
	long checksum = 0, written = 0;
	int status = EXIT_FAILURE;
	if (bench_clock_start(&clock) != 0 || run_calls(p.calls, p.ideal != 0, &checksum) != 0 ||
	    (p.copies > 0 && lists_fill(&lists, p.copies) != 0)) {
		fprintf(stderr, "duparray: out of memory\n");
		goto out;
	}
	written = lists_write(&lists, p.write_pct);
	checksum += lists_read(&lists, p.passes);
	uint64_t live = (uint64_t)lists.n * (sizeof bench_small_table + sizeof bench_large_table);
	char extra[128];
	snprintf(extra, sizeof extra, "copies_written=%ld checksum=%ld", written, checksum);
	printf("Copies kept: %ld of each table, %ld written\n", lists.n, written);
	if (bench_report("duparray", &clock, live, extra) == 0)
		status = EXIT_SUCCESS;
out:
	lists_free(&lists);
	return status;
}
