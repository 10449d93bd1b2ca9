/* Memory a program's drift leaves behind goes back: blocks of size classes
 * it no longer asks for leave the thread cache and the arena's batches (the
 * collector of idle bins), free mid-size memory leaves as huge blocks take
 * fresh pages (displacement), and a 1..4 KiB cache that misses empties.
 * White box: reads the arena and the thread's cache. */
#include "asrt_internal.h"
#include "check.h"

#include <errno.h>
#include <stdint.h>
#include <string.h>
#include <sys/mman.h>

enum { PAGE = 4096 };

/* Resident pages among the whole pages of [p, p + n), none where they are
 * unmapped (a segment left empty went back); freed blocks are kept as
 * integers: only their pages are looked at. */
static size_t resident(uintptr_t p, size_t n)
{
	static unsigned char vec[(1 << 20) / PAGE];
	uintptr_t lo = (p + PAGE - 1) & ~(uintptr_t)(PAGE - 1);
	size_t pages = (p + n - lo) / PAGE, count = 0;
	ASSERT(pages <= sizeof vec);
	if (mincore((void *)lo, pages * PAGE, vec) != 0) {
		ASSERT(errno == ENOMEM);
		return 0;
	}
	for (size_t i = 0; i < pages; i++)
		count += vec[i] & 1;
	return count;
}

/* Requests served by the mid heap without a cache (above 128 KiB): each
 * is a slow-path event for the collector. */
static void mid_events(int n)
{
	for (int i = 0; i < n; i++) {
		void *p = malloc(200 << 10);
		ASSERT(p);
		free(p);
	}
}

enum { NSMALL = 30000 };

/* Blocks of every small class, freed; then only bigger requests. Once
 * every class has been looked at twice, no small block pins a segment. */
static void idle_classes(void)
{
	static void *b[NSMALL];
	size_t segs = asrt_arenas[0].small.nsegs;
	for (int i = 0; i < NSMALL; i++) {
		b[i] = malloc(16 + (size_t)i * 7919 % 1009);
		ASSERT(b[i]);
		memset(b[i], 1, 16);
	}
	EXPECT(asrt_arenas[0].small.nsegs > segs);
	for (int i = 0; i < NSMALL; i++)
		free(b[i]);
	mid_events(3 * 32 * ASRT_NCLASS);
	EXPECT(asrt_arenas[0].small.nsegs <= (segs ? segs : 1));
	if (asrt_arenas[0].small.nsegs > (segs ? segs : 1))
		fprintf(stderr, "small segments: %zu before, %zu after\n", segs,
			(size_t)asrt_arenas[0].small.nsegs);
}

enum { NMID = 24,
       MID = 256 << 10 };

/* 6 MiB of mid-size blocks freed (below PURGE_BURST and PURGE_MIN: they
 * stay resident), then an 8 MiB block: their pages go back. */
static void displaced(void)
{
	static uintptr_t block[NMID];
	static void *sep[NMID];
	for (int i = 0; i < NMID; i++) {
		char *p = malloc(MID);
		sep[i] = malloc(5000); /* keeps each segment in use */
		ASSERT(p && sep[i]);
		memset(p, 2, MID);
		block[i] = (uintptr_t)p;
	}
	for (int i = 0; i < NMID; i++)
		free((void *)block[i]);
	size_t kept = 0;
	for (int i = 0; i < NMID; i++)
		kept += resident(block[i], MID);
	char *h = malloc(8 << 20);
	ASSERT(h);
	memset(h, 3, 8 << 20);
	size_t left = 0;
	for (int i = 0; i < NMID; i++)
		left += resident(block[i], MID);
	EXPECT(left <= NMID * 2);
	if (left > NMID * 2)
		fprintf(stderr, "freed mid pages: %zu resident, %zu after\n", kept, left);
	free(h);
	for (int i = 0; i < NMID; i++)
		free(sep[i]);
}

/* Blocks of 1..4 KiB freed into the cache, then a request none of them
 * fits, with no hit since: the cache is emptied. */
static void missing_cache(void)
{
	void *b[16];
	for (int i = 0; i < 16; i++)
		ASSERT((b[i] = malloc(1100)));
	for (int i = 0; i < 16; i++)
		free(b[i]);
	EXPECT(asrt_self.mid_mask != 0);
	void *p = malloc(4000);
	ASSERT(p);
	EXPECT(asrt_self.mid_mask == 0);
	free(p);
}

int main(void)
{
	free(malloc(1)); /* the thread's cache set up */
	idle_classes();
	displaced();
	missing_cache();
	return check_status("test_drift");
}
