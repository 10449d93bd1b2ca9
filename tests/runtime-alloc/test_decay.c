/* Decay reaches a hole that allocations keep cutting: what is left of a
 * freed chunk after a cut is as old as the chunk was, so it is returned
 * DECAY_MS after the free, not DECAY_MS after the last cut (run with
 * ASRT_DECAY_MS=100). Before, each cut stamped the leftover anew, and a
 * hole cut more often than DECAY_MS never decayed (frag.rb). */
#include "check.h"

#include <stdint.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>

enum { HOLE = 768 << 10, /* mid-size, above the thread caches */
       PIECE = 160 << 10,
       PAGE = 4096 };

static void sleep_ms(long ms)
{
	struct timespec ts = { 0, ms * 1000000L };
	while (nanosleep(&ts, &ts) != 0)
		;
}

/* Resident pages among the whole pages of [p, p + n); p is kept as an
 * integer: the range is free, only its pages are looked at. */
static size_t resident(uintptr_t p, size_t n)
{
	static unsigned char vec[HOLE / PAGE + 1];
	uintptr_t lo = (p + PAGE - 1) & ~(uintptr_t)(PAGE - 1);
	uintptr_t hi = (p + n) & ~(uintptr_t)(PAGE - 1);
	if (hi <= lo)
		return 0;
	ASSERT(mincore((void *)lo, hi - lo, vec) == 0);
	size_t count = 0;
	for (size_t i = 0; i < (hi - lo) / PAGE; i++)
		count += vec[i] & 1;
	return count;
}

int main(void)
{
	char *hole = malloc(HOLE);
	ASSERT(hole && malloc(PIECE)); /* a live separator: no coalescing */
	char *trigger = malloc(PIECE); /* its free looks at the decay */
	ASSERT(trigger && malloc(PIECE));
	memset(hole, 1, HOLE);
	uintptr_t h = (uintptr_t)hole;
	free(hole);
	/* Three cuts 40 ms apart: the last is less than DECAY_MS old when
	 * the free below looks, the hole more. */
	uintptr_t end = h;
	for (int i = 0; i < 3; i++) {
		sleep_ms(40);
		char *p = malloc(PIECE);
		ASSERT(p && (uintptr_t)p >= h && (uintptr_t)p < h + HOLE);
		end = (uintptr_t)p + PIECE;
	}
	sleep_ms(40);
	free(trigger);
	ASSERT(malloc(HOLE)); /* returns the queued ranges; too big for the hole */
	EXPECT(resident(end, h + HOLE - end) == 0);
	return check_status("test_decay");
}
