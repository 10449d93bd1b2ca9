/* Allocator stress: THREADS threads run ITER rounds over a shared table of
 * blocks of random sizes (mostly small, some mid, a few huge). Every block
 * carries a cookie derived from its address and size, written at
 * allocation and checked before it is freed or resized, and blocks are
 * freed by whichever thread finds them (cross-thread frees). A
 * producer/consumer pair passes blocks through a queue. The PRNG is seeded
 * deterministically per thread. Built twice: against libasrt and against
 * the system malloc, for comparison.
 *
 * usage: stress [THREADS] [SCALE] [ITER] */
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int threads = 4, scale = 100, iters = 10;
static _Atomic(uintptr_t) *table; /* shared slots, 0 = empty */
static size_t table_len;
static atomic_int failures;

struct rng {
	uint64_t s;
};
static uint64_t next(struct rng *r)
{ /* splitmix64 */
	uint64_t z = (r->s += 0x9E3779B97F4A7C15u);
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
	z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
	return z ^ (z >> 31);
}

/* Sizes: 80% up to 1 KiB, 19% up to 64 KiB, 1% up to 4 MiB. */
static size_t pick_size(struct rng *r)
{
	uint64_t x = next(r), k = x % 100;
	if (k < 80)
		return (size_t)(x >> 8) % 1024;
	if (k < 99)
		return 1024 + (size_t)(x >> 8) % (63 << 10);
	return (64 << 10) + (size_t)(x >> 8) % (4 << 20);
}

static uint64_t cookie(const void *p, size_t n)
{
	return ((uintptr_t)p * 0x9E3779B97F4A7C15u) ^ n;
}

/* A block: [size][cookie ... ] with the cookie repeated every 4 KiB and in
 * the last 8 bytes, so both ends and the middle are checked cheaply. */
static void *make(size_t n)
{
	if (n < 16)
		n = 16;
	unsigned char *p = malloc(n);
	if (!p)
		return NULL;
	uint64_t c = cookie(p, n);
	memcpy(p, &n, sizeof n);
	for (size_t off = 8; off + 16 <= n; off += 4096)
		memcpy(p + off, &c, 8);
	memcpy(p + n - 8, &c, 8);
	return p;
}

static size_t check(const unsigned char *p)
{
	size_t n;
	memcpy(&n, p, sizeof n);
	uint64_t c = cookie(p, n), got;
	for (size_t off = 8; off + 16 <= n; off += 4096) {
		memcpy(&got, p + off, 8);
		if (got != c)
			goto bad;
	}
	memcpy(&got, p + n - 8, 8);
	if (got != c)
		goto bad;
	return n;
bad:
	fprintf(stderr, "stress: cookie of block %p (size %zu) overwritten\n",
		(const void *)p, n);
	atomic_fetch_add(&failures, 1);
	return n;
}

static void *worker(void *arg)
{
	struct rng r = { (uint64_t)(uintptr_t)arg * 1000003u + 42 };
	long ops = (long)scale * 1000;
	for (int it = 0; it < iters; it++) {
		for (long i = 0; i < ops; i++) {
			size_t slot = (size_t)(next(&r) % table_len);
			uintptr_t old = atomic_exchange(&table[slot], 0);
			if (old) {
				size_t n = check((unsigned char *)old);
				if (next(&r) % 8 == 0) { /* resize, keeping the cookie valid */
					size_t m = pick_size(&r);
					unsigned char *q = realloc((void *)old, m < 16 ? 16 : m);
					if (q) {
						if (memcmp(q, &n, 8) != 0)
							atomic_fetch_add(&failures, 1);
						free(q);
					} else {
						free((void *)old);
					}
				} else {
					free((void *)old);
				}
			}
			void *p = make(pick_size(&r));
			if (p && (p = (void *)atomic_exchange(&table[slot], (uintptr_t)p))) {
				check(p);
				free(p);
			}
		}
	}
	return NULL;
}

/* Producer/consumer: blocks made on one thread, freed on another. */
#define QLEN 1024
static _Atomic(uintptr_t) queue[QLEN];

static void *producer(void *arg)
{
	struct rng r = { 7 };
	(void)arg;
	for (long i = 0; i < (long)scale * 500 * iters; i++) {
		void *p = make(pick_size(&r) % 8192);
		if (!p)
			continue;
		uintptr_t expected = 0;
		size_t at = (size_t)i % QLEN;
		while (!atomic_compare_exchange_weak(&queue[at], &expected, (uintptr_t)p))
			expected = 0;
	}
	return NULL;
}

static void *consumer(void *arg)
{
	(void)arg;
	for (long i = 0; i < (long)scale * 500 * iters; i++) {
		size_t at = (size_t)i % QLEN;
		uintptr_t p;
		while (!(p = atomic_exchange(&queue[at], 0)))
			;
		check((unsigned char *)p);
		free((void *)p);
	}
	return NULL;
}

int main(int argc, char **argv)
{
	if (argc > 1)
		threads = atoi(argv[1]);
	if (argc > 2)
		scale = atoi(argv[2]);
	if (argc > 3)
		iters = atoi(argv[3]);
	table_len = (size_t)scale * 50;
	table = calloc(table_len, sizeof *table);
	if (!table || threads < 1)
		return 2;
	pthread_t *ids = calloc((size_t)threads + 2, sizeof *ids);
	for (int i = 0; i < threads; i++)
		pthread_create(&ids[i], NULL, worker, (void *)(uintptr_t)(i + 1));
	pthread_create(&ids[threads], NULL, producer, NULL);
	pthread_create(&ids[threads + 1], NULL, consumer, NULL);
	for (int i = 0; i < threads + 2; i++)
		pthread_join(ids[i], NULL);
	for (size_t i = 0; i < table_len; i++) {
		void *p = (void *)atomic_load(&table[i]);
		if (p) {
			check(p);
			free(p);
		}
	}
	free(table);
	free(ids);
	int f = atomic_load(&failures);
	printf("stress: %d threads, scale %d, %d iterations: %d failures\n",
	       threads, scale, iters, f);
	return f ? 1 : 0;
}
