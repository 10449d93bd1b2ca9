/* frag: seed 000 in C. Each thread serves requests; a request appends
 * `strings` strings of 97..40,087 bytes to the thread's list and then, as
 * many times again, deletes a random element with probability 90%. What is
 * kept is long-lived and scattered among the holes, which is what makes
 * per-thread arenas bloat. */
#define _POSIX_C_SOURCE 200809L
#include "bench_common.h"

#include <inttypes.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct frag_params {
	long threads, requests, strings, delete_pct, min_size, size_steps, step, seed;
};

/* One thread's list of kept strings. */
struct frag_saver {
	char **items;
	size_t *sizes;
	size_t len, cap;
	uint64_t bytes;
};

struct frag_thread {
	pthread_t id;
	const struct frag_params *params;
	struct bench_rng rng;
	struct frag_saver saver;
	int failed;
};

static int saver_push(struct frag_saver *s, char *item, size_t size)
{
	if (s->len == s->cap) {
		size_t cap = s->cap ? s->cap * 2 : 1024;
		char **items = realloc(s->items, cap * sizeof *items);
		if (items == NULL)
			return -1;
		s->items = items;
		size_t *sizes = realloc(s->sizes, cap * sizeof *sizes);
		if (sizes == NULL)
			return -1;
		s->sizes = sizes;
		s->cap = cap;
	}
	s->items[s->len] = item;
	s->sizes[s->len] = size;
	s->len++;
	s->bytes += size;
	return 0;
}

/* Order does not matter to the workload, so the last element fills the hole. */
static void saver_delete_at(struct frag_saver *s, size_t i)
{
	free(s->items[i]);
	s->bytes -= s->sizes[i];
	s->len--;
	s->items[i] = s->items[s->len];
	s->sizes[i] = s->sizes[s->len];
}

static void saver_free(struct frag_saver *s)
{
	for (size_t i = 0; i < s->len; i++)
		free(s->items[i]);
	free(s->items);
	free(s->sizes);
}

static int frag_request(struct frag_thread *t)
{
	const struct frag_params *p = t->params;
	for (long x = 0; x < p->strings; x++) {
		size_t size = (size_t)p->min_size +
			      (size_t)p->step * bench_rng_below(&t->rng, (uint64_t)p->size_steps);
		char *s = malloc(size);
		if (s == NULL)
			return -1;
		memset(s, 'a', size); /* 'a' * n: every page is touched */
		if (saver_push(&t->saver, s, size) != 0) {
			free(s);
			return -1;
		}
	}
	for (long x = 0; x < p->strings; x++)
		if (t->saver.len > 0 && bench_rng_below(&t->rng, 100) < (uint64_t)p->delete_pct)
			saver_delete_at(&t->saver, bench_rng_below(&t->rng, t->saver.len));
	return 0;
}

static void *frag_thread_main(void *arg)
{
	struct frag_thread *t = arg;
	for (long r = 0; r < t->params->requests && !t->failed; r++)
		if (frag_request(t) != 0)
			t->failed = 1;
	return NULL;
}

int main(int argc, char **argv)
{
	struct frag_params p = { 10, 100, 1000, 90, 97, 4000, 10, 1234 };
	const struct bench_opt opts[] = {
		{ "threads", &p.threads, 1, 1024, "threads, each with its own list" },
		{ "requests", &p.requests, 0, 1000000, "requests per thread" },
		{ "strings", &p.strings, 0, 1000000, "strings appended per request" },
		{ "delete-pct", &p.delete_pct, 0, 100, "chance (%) of each of `strings` deletions" },
		{ "min-size", &p.min_size, 1, 1L << 30, "smallest string, bytes" },
		{ "size-steps", &p.size_steps, 1, 1L << 30, "number of distinct sizes" },
		{ "step", &p.step, 0, 1L << 20, "bytes between sizes" },
		{ "seed", &p.seed, 0, 1L << 62, "PRNG seed (thread i uses seed + i)" },
	};
	enum bench_parse parsed = bench_opts_parse(
		argc, argv, "frag: threads keep ~10% of random 97..40,087-byte strings (seed 000)",
		opts, sizeof opts / sizeof opts[0]);
	if (parsed != BENCH_PARSE_OK)
		return bench_opts_exit_status(parsed);

	struct bench_clock clock;
	struct frag_thread *threads = calloc((size_t)p.threads, sizeof *threads);
	if (threads == NULL || bench_clock_start(&clock) != 0) {
		perror("frag");
		free(threads);
		return EXIT_FAILURE;
	}
	long started = 0;
	for (; started < p.threads; started++) {
		struct frag_thread *t = &threads[started];
		t->params = &p;
		t->rng.state = (uint64_t)(p.seed + started);
		if (pthread_create(&t->id, NULL, frag_thread_main, t) != 0)
			break;
	}
	int status = started == p.threads ? EXIT_SUCCESS : EXIT_FAILURE;
	uint64_t live = 0;
	for (long i = 0; i < started; i++) {
		pthread_join(threads[i].id, NULL);
		if (threads[i].failed)
			status = EXIT_FAILURE;
		live += threads[i].saver.bytes;
	}
	if (status != EXIT_SUCCESS)
		fprintf(stderr, "frag: out of memory or cannot start threads\n");
	printf("Total string size: %" PRIu64 "MB\n", live / (1024 * 1024));
	if (status == EXIT_SUCCESS && bench_report("frag", &clock, live, "") != 0)
		status = EXIT_FAILURE;
	for (long i = 0; i < started; i++)
		saver_free(&threads[i].saver);
	free(threads);
	return status;
}
