/* realloc-churn: seed 001 in C. A long-running process with a busy heap grows
 * buffers one element at a time, `p = realloc(p, (n + 1) * sizeof *p)`, so
 * every step may move and copy the whole buffer: quadratic copying, and the
 * process "stuck in realloc". Small long-lived objects are allocated between
 * the steps (the rest of the object space), so a buffer seldom sits at the
 * top of the heap where it could grow in place. Counts the reallocations
 * that moved the block. */
#define _POSIX_C_SOURCE 200809L
#include "bench_common.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

struct churn_params {
	long buffers, elems, noise_every, noise_keep, noise_max, seed, ideal;
};

/* The other objects of the process: a ring of small blocks, the oldest freed
 * when a new one comes, so holes open all over the heap. */
struct churn_noise {
	void **ring;
	size_t *sizes;
	size_t cap, head;
	uint64_t bytes;
	struct bench_rng rng;
	long max;
};

static int noise_step(struct churn_noise *z)
{
	size_t size = 16 + (size_t)bench_rng_below(&z->rng, (uint64_t)z->max);
	void *obj = malloc(size);
	if (obj == NULL)
		return -1;
	if (z->ring[z->head] != NULL) {
		free(z->ring[z->head]);
		z->bytes -= z->sizes[z->head];
	}
	z->ring[z->head] = obj;
	z->sizes[z->head] = size;
	z->bytes += size;
	z->head = (z->head + 1) % z->cap;
	return 0;
}

static void noise_free(struct churn_noise *z)
{
	if (z->ring != NULL)
		for (size_t i = 0; i < z->cap; i++)
			free(z->ring[i]);
	free(z->ring);
	free(z->sizes);
}

/* The rest of a step: the element stored and, now and then, another object. */
static int fill_step(const struct churn_params *p, struct churn_noise *z, long *buf,
		     size_t n)
{
	buf[n] = (long)n;
	if (p->noise_every > 0 && n % (size_t)p->noise_every == 0)
		return noise_step(z);
	return 0;
}

/* Grows one buffer to `elems` elements, one element per step, the way a
 * maintainer writes it without a capacity. On failure the old block is lost
 * with the process about to exit, as in the idiom being measured. */
static long *grow_buffer(const struct churn_params *p, struct churn_noise *z,
			 uint64_t *moves)
{
	long *buf = NULL;
	size_t elems = (size_t)p->elems;
	for (size_t n = 0; n < elems; n++) {
		/* the old address as an integer: after a move the pointer is dead */
		uintptr_t before = (uintptr_t)buf;
		buf = realloc(buf, (n + 1) * sizeof *buf);
		if (buf == NULL)
			return NULL;
		/* the first allocation has nothing to move */
		if (before != 0 && (uintptr_t)buf != before)
			(*moves)++;
		if (fill_step(p, z, buf, n) != 0) {
			free(buf);
			return NULL;
		}
	}
	return buf;
}

/* The same steps on a buffer allocated at its final size: the floor that
 * no rewrite can beat. */
static long *ideal_buffer(const struct churn_params *p, struct churn_noise *z)
{
	size_t elems = (size_t)p->elems;
	long *buf = malloc(elems * sizeof *buf);
	for (size_t n = 0; buf != NULL && n < elems; n++)
		if (fill_step(p, z, buf, n) != 0) {
			free(buf);
			return NULL;
		}
	return buf;
}

int main(int argc, char **argv)
{
	struct churn_params p = { 8, 1000000, 64, 4096, 256, 1234, 0 };
	const struct bench_opt opts[] = {
		{ "buffers", &p.buffers, 1, 1L << 20, "buffers grown one after another, all kept" },
		{ "elems", &p.elems, 1, 1L << 34, "elements (long) each buffer grows to" },
		{ "noise-every", &p.noise_every, 0, 1L << 30, "steps between small allocations (0: none)" },
		{ "noise-keep", &p.noise_keep, 1, 1L << 30, "small allocations kept alive" },
		{ "noise-max", &p.noise_max, 1, 1L << 20, "small allocations are 16..16+N bytes" },
		{ "seed", &p.seed, 0, 1L << 62, "PRNG seed" },
		{ "ideal", &p.ideal, 0, 1, "1: no realloc, each buffer allocated at its final size (the floor)" },
	};
	enum bench_parse parsed = bench_opts_parse(
		argc, argv, "realloc-churn: buffers grown one element per realloc (seed 001)",
		opts, sizeof opts / sizeof opts[0]);
	if (parsed != BENCH_PARSE_OK)
		return bench_opts_exit_status(parsed);

	struct bench_clock clock;
	struct churn_noise noise = { NULL, NULL, (size_t)p.noise_keep, 0, 0, { (uint64_t)p.seed }, p.noise_max };
	long **bufs = calloc((size_t)p.buffers, sizeof *bufs);
	noise.ring = calloc(noise.cap, sizeof *noise.ring);
	noise.sizes = calloc(noise.cap, sizeof *noise.sizes);
	int status = EXIT_FAILURE;
	long grown = 0;
	uint64_t moves = 0;
	if (bufs == NULL || noise.ring == NULL || noise.sizes == NULL ||
	    bench_clock_start(&clock) != 0)
		goto out;
	for (; grown < p.buffers; grown++) {
		bufs[grown] = p.ideal ? ideal_buffer(&p, &noise) : grow_buffer(&p, &noise, &moves);
		if (bufs[grown] == NULL)
			goto out;
	}
	uint64_t steps = (uint64_t)p.buffers * (uint64_t)p.elems;
	uint64_t live = steps * sizeof **bufs + noise.bytes;
	uint64_t reallocs = p.ideal ? 0 : steps;
	char extra[128];
	snprintf(extra, sizeof extra, "reallocs=%" PRIu64 " moves=%" PRIu64, reallocs, moves);
	printf("Reallocations: %" PRIu64 ", moved: %" PRIu64 " (%.2f%%)\n", reallocs, moves,
	       reallocs ? 100.0 * (double)moves / (double)reallocs : 0.0);
	if (bench_report("realloc-churn", &clock, live, extra) == 0)
		status = EXIT_SUCCESS;
out:
	if (status != EXIT_SUCCESS && grown < p.buffers)
		fprintf(stderr, "realloc-churn: out of memory\n");
	for (long i = 0; i < grown; i++)
		free(bufs[i]);
	free(bufs);
	noise_free(&noise);
	return status;
}
