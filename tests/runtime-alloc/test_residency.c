/* Where freed mid-size memory stays resident: a bulk release that no
 * allocation follows leaves at most one purge batch's bytes resident, in
 * every arena (run with ASRT_PURGE_BURST=1m and ASRT_ARENA_MAX=2). */
#include "asrt_internal.h" /* white box: a thread put on the second arena */
#include "check.h"

#include <pthread.h>
#include <stdint.h>
#include <string.h>
#include <sys/mman.h>

enum { SMALL = 64 << 10,
       SEP = 4 << 10,
       PAGE = 4096 };
#define NBULK 100 /* SMALL blocks, 6.25 MiB */

/* Resident pages among the whole pages of [p, p + n). Addresses of freed
 * blocks are kept as integers: only their pages are looked at, never their
 * bytes. */
static size_t resident(uintptr_t p, size_t n)
{
	unsigned char vec[SMALL / PAGE + 1];
	uintptr_t lo = (p + PAGE - 1) & ~(uintptr_t)(PAGE - 1);
	size_t pages = (p + n - lo) / PAGE, count = 0;
	ASSERT(pages <= sizeof vec && mincore((void *)lo, pages * PAGE, vec) == 0);
	for (size_t i = 0; i < pages; i++)
		count += vec[i] & 1;
	return count;
}

static void purge(void)
{
	static uintptr_t block[NBULK];
	static char *sep[NBULK];
	for (int i = 0; i < NBULK; i++) {
		char *b = malloc(SMALL);
		sep[i] = malloc(SEP);
		ASSERT(b && sep[i]);
		memset(b, 3, SMALL);
		block[i] = (uintptr_t)b;
	}
	for (int i = 0; i < NBULK; i++)
		free((void *)block[i]);
	/* No allocation since: each freed block is one queued range. */
	size_t left = 0;
	for (int i = 0; i < NBULK; i++)
		left += resident(block[i], SMALL);
	EXPECT(left * PAGE <= (4u << 20) + NBULK * 2 * PAGE);
	for (int i = 0; i < NBULK; i++)
		free(sep[i]);
}

enum { NOTHER = 8 }; /* SMALL blocks, half of PURGE_BURST */
static uintptr_t other[NOTHER];

/* Threads taking turns share the first arena; this one is put on the
 * second, as contention would. */
static void *fill_other(void *unused)
{
	(void)unused;
	free(malloc(1)); /* sets the thread up */
	asrt_arenas[1].used = 1;
	asrt_self.home.arena = &asrt_arenas[1];
	for (int i = 0; i < NOTHER; i++) {
		char *b = malloc(SMALL);
		ASSERT(b && malloc(SEP)); /* a live separator: no coalescing */
		memset(b, 5, SMALL);
		other[i] = (uintptr_t)b;
	}
	return NULL;
}

/* A release whose first frees go to another arena than the one whose free
 * passes the threshold, as a GC's sweep frees every thread's blocks: the
 * first ones must not stay resident under that arena's budget. */
static void purge_other_arena(void)
{
	pthread_t t;
	ASSERT(pthread_create(&t, NULL, fill_other, NULL) == 0);
	ASSERT(pthread_join(t, NULL) == 0);
	static uintptr_t block[NBULK];
	for (int i = 0; i < NBULK; i++) {
		char *b = malloc(SMALL);
		ASSERT(b && malloc(SEP));
		memset(b, 3, SMALL);
		block[i] = (uintptr_t)b;
	}
	for (int i = 0; i < NOTHER; i++)
		free((void *)other[i]);
	for (int i = 0; i < NBULK; i++)
		free((void *)block[i]);
	size_t left = 0;
	for (int i = 0; i < NOTHER; i++)
		left += resident(other[i], SMALL);
	EXPECT(left == 0);
}

/* Frees that trail a bulk release after a small allocation (frag.rb: the
 * IO buffer of a puts between the final GC's last sweep steps) are part of
 * it, though they are too few to pass the threshold on their own. */
static void purge_trailing(void)
{
	static uintptr_t block[NBULK], trail[NOTHER];
	for (int i = 0; i < NBULK + NOTHER; i++) {
		char *b = malloc(SMALL);
		ASSERT(b && malloc(SEP));
		memset(b, 7, SMALL);
		if (i < NBULK)
			block[i] = (uintptr_t)b;
		else
			trail[i - NBULK] = (uintptr_t)b;
	}
	for (int i = 0; i < NBULK; i++)
		free((void *)block[i]);
	ASSERT(malloc(8 << 10));
	for (int i = 0; i < NOTHER; i++)
		free((void *)trail[i]);
	ASSERT(malloc(8 << 10)); /* returns the queued ranges */
	size_t left = 0;
	for (int i = 0; i < NOTHER; i++)
		left += resident(trail[i], SMALL);
	EXPECT(left == 0);
}

enum { NSPLIT = 12 }; /* SMALL blocks: 3/4 of PURGE_BURST */

/* Frees NSPLIT blocks, allocates between (gap bytes), frees NSPLIT more;
 * returns the resident pages left in all of them. */
static size_t split_run(size_t gap)
{
	static uintptr_t block[2 * NSPLIT];
	for (int i = 0; i < 2 * NSPLIT; i++) {
		char *b = malloc(SMALL);
		ASSERT(b && malloc(SEP));
		memset(b, 9, SMALL);
		block[i] = (uintptr_t)b;
	}
	for (int i = 0; i < NSPLIT; i++)
		free((void *)block[i]);
	ASSERT(malloc(gap));
	for (int i = NSPLIT; i < 2 * NSPLIT; i++)
		free((void *)block[i]);
	ASSERT(malloc(8 << 10)); /* returns the queued ranges */
	size_t left = 0;
	for (int i = 0; i < 2 * NSPLIT; i++)
		left += resident(block[i], SMALL);
	return left;
}

/* A release split by a small allocation is still one (frag.rb's final
 * GC.start: 86 MB, one 4 KiB allocation, 103 MB); one split by an
 * allocation worth a 64th of it is two, each too small (a lazy sweep's
 * steps, between which the program allocates). */
static void purge_split(void)
{
	/* The two allocations may be carved from freed blocks: their pages. */
	EXPECT(split_run(4 << 10) <= 8);
	/* The first half's 15 whole pages a block stay. */
	EXPECT(split_run(16 << 10) >= NSPLIT * 14);
}

int main(void)
{
	purge();
	purge_other_arena();
	purge_trailing();
	purge_split();
	return check_status("test_residency");
}
