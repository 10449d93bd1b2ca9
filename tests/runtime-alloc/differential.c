/* Differential allocator test: THREADS threads each run one seeded random
 * sequence of OPS calls to malloc, calloc, realloc, free, posix_memalign and
 * aligned_alloc over their own slots; every block is filled with a pattern
 * of its slot and generation and checked before each realloc and free
 * (realloc keeps the common prefix, calloc gives zeros), and alignments are
 * checked. A barrier, then each thread reallocs and frees its neighbour's
 * blocks (cross-thread). Prints per thread a digest of everything observable
 * (NULL or not, errno, contents, alignment): built against libasrt and the
 * system malloc, the two outputs must be identical (differential.sh).
 * usage: differential [THREADS] [OPS] [SEED] */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SLOTS 256

struct slot {
	unsigned char *p;
	size_t n;
	unsigned gen;
};

struct worker {
	int id;
	long ops;
	uint64_t rng, digest;
	long bad;
	struct slot s[SLOTS];
};

static struct worker *ws;
static int nthreads;
static pthread_barrier_t bar;

static uint64_t next(uint64_t *r)
{
	uint64_t z = (*r += 0x9E3779B97F4A7C15u);

	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
	z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
	return z ^ (z >> 31);
}

static void mix(struct worker *w, uint64_t v)
{
	w->digest = (w->digest ^ v) * 0x100000001B3u;
}

static unsigned char pat(size_t i, unsigned slot, unsigned gen)
{
	return (unsigned char)(i * 31 + slot * 7 + gen);
}

static void fill(struct slot *s, unsigned slot, size_t from)
{
	for (size_t i = from; i < s->n; i++)
		s->p[i] = pat(i, slot, s->gen);
}

/* Checks the first n bytes against the pattern; the count of good bytes
 * goes into the digest so a mismatch changes the output. */
static void check(struct worker *w, struct slot *s, unsigned slot, size_t n)
{
	size_t good = 0;

	for (size_t i = 0; i < n; i++)
		good += s->p[i] == pat(i, slot, s->gen);
	if (good != n) {
		w->bad++;
		fprintf(stderr, "thread %d slot %u: %zu of %zu bytes changed\n", w->id, slot, n - good, n);
	}
	mix(w, good);
}

static size_t pick_size(uint64_t *r)
{
	uint64_t x = next(r), k = x % 100;

	if (k < 70)
		return (size_t)(x >> 8) % 512;
	if (k < 97)
		return 512 + (size_t)(x >> 8) % (64 << 10);
	return (size_t)(x >> 8) % (2 << 20);
}

static void result(struct worker *w, struct slot *s, void *p, size_t n, size_t align, int err)
{
	mix(w, p != NULL);
	if (!p) {
		mix(w, (uint64_t)err);
		return;
	}
	if ((uintptr_t)p % align) {
		w->bad++;
		fprintf(stderr, "thread %d: %p not aligned to %zu\n", w->id, p, align);
	}
	mix(w, (uintptr_t)p % align);
	s->p = p;
	s->n = n;
}

static void release(struct worker *w, struct slot *s, unsigned slot)
{
	if (s->p)
		check(w, s, slot, s->n);
	free(s->p);
	s->p = NULL;
	s->n = 0;
}

static void step(struct worker *w, unsigned slot, unsigned op)
{
	struct slot *s = &w->s[slot];
	size_t n = pick_size(&w->rng), align = (size_t)16 << (next(&w->rng) % 9);
	void *p = NULL;
	int rc;

	errno = 0;
	switch (op) {
	case 0:
	case 1: /* malloc */
		release(w, s, slot);
		s->gen++;
		p = malloc(n);
		result(w, s, p, n, 16, errno);
		if (p)
			fill(s, slot, 0);
		break;
	case 2: /* calloc, zeroed */
		release(w, s, slot);
		s->gen++;
		p = calloc(n / 8 + 1, 8);
		result(w, s, p, n / 8 * 8 + 8, 16, errno);
		if (p) {
			size_t z = 0;

			for (size_t i = 0; i < s->n; i++)
				z += s->p[i] == 0;
			if (z != s->n)
				w->bad++;
			mix(w, z);
			fill(s, slot, 0);
		}
		break;
	case 3:
	case 4: /* realloc keeps the common prefix */
		check(w, s, slot, s->n);
		if (n == 0 && s->p) {
			/* Implementation-defined in C; glibc frees p and returns
			 * NULL, and libasrt keeps glibc's contract. */
			p = realloc(s->p, 0);
			mix(w, p == NULL);
			free(p);
			s->p = NULL;
			s->n = 0;
			break;
		}
		n += !n;
		p = realloc(s->p, n);
		if (!p) {
			mix(w, (uint64_t)errno);
			break;
		}
		{
			size_t old = s->n, keep = old < n ? old : n;

			result(w, s, p, n, 16, 0);
			check(w, s, slot, keep);
			fill(s, slot, keep);
		}
		break;
	case 5: /* posix_memalign, a bad alignment now and then */
		release(w, s, slot);
		s->gen++;
		if (next(&w->rng) % 16 == 0)
			align = 24;
		rc = posix_memalign(&p, align, n);
		mix(w, (uint64_t)rc);
		if (rc == 0) {
			result(w, s, p, n, align, 0);
			fill(s, slot, 0);
		}
		break;
	case 6: /* aligned_alloc, size a multiple of the alignment (C11) */
		release(w, s, slot);
		s->gen++;
		n = (n / align + 1) * align;
		p = aligned_alloc(align, n);
		result(w, s, p, n, align, errno);
		if (p)
			fill(s, slot, 0);
		break;
	default:
		release(w, s, slot);
	}
}

static void *run(void *arg)
{
	struct worker *w = arg, *peer;

	for (long i = 0; i < w->ops; i++) {
		uint64_t x = next(&w->rng);

		step(w, (unsigned)(x % SLOTS), (unsigned)(x >> 32) % 9);
	}
	pthread_barrier_wait(&bar);
	/* Cross-thread: grow, check and free the neighbour's blocks. */
	peer = &ws[(w->id + 1) % nthreads];
	for (unsigned i = 0; i < SLOTS; i++) {
		struct slot *s = &peer->s[i];

		if (s->p) {
			size_t old = s->n;
			void *p = realloc(s->p, old + 100);

			if (!p) {
				w->bad++;
				continue;
			}
			s->p = p;
			s->n = old + 100;
			check(w, s, i, old);
			fill(s, i, old);
		}
	}
	pthread_barrier_wait(&bar);
	for (unsigned i = 0; i < SLOTS; i++)
		release(w, &peer->s[i], i);
	return NULL;
}

int main(int argc, char **argv)
{
	long ops;
	uint64_t seed;
	pthread_t *t;
	long bad = 0;

	nthreads = argc > 1 ? atoi(argv[1]) : 4;
	ops = argc > 2 ? atol(argv[2]) : 200000;
	seed = argc > 3 ? strtoull(argv[3], NULL, 0) : 1;
	if (nthreads < 1 || ops < 0)
		return fprintf(stderr, "usage: differential [THREADS] [OPS] [SEED]\n"), 2;
	ws = calloc((size_t)nthreads, sizeof *ws);
	t = calloc((size_t)nthreads, sizeof *t);
	if (!ws || !t || pthread_barrier_init(&bar, NULL, (unsigned)nthreads))
		return perror("differential"), 1;
	for (int i = 0; i < nthreads; i++) {
		ws[i] = (struct worker){ .id = i, .ops = ops, .rng = seed * 1000 + (uint64_t)i, .digest = 0xcbf29ce484222325u };
		if (pthread_create(&t[i], NULL, run, &ws[i]))
			return perror("pthread_create"), 1;
	}
	for (int i = 0; i < nthreads; i++)
		pthread_join(t[i], NULL);
	for (int i = 0; i < nthreads; i++) {
		printf("thread %d: %ld operations, digest %016llx\n", i, ops, (unsigned long long)ws[i].digest);
		bad += ws[i].bad;
	}
	printf("%ld mismatches against the expected contents and alignments\n", bad);
	return bad != 0;
}
