/* Placement in the mid heap: a request is served from free memory whose
 * pages are still resident before free memory that was purged, even when
 * the purged chunk is the tighter fit. Run with ASRT_DECAY_MS=1, so a chunk
 * left free for a few milliseconds is purged at the arena's next free. */
#include "check.h"

#include <stdint.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

enum { SMALL = 64 << 10, BIG = 72 << 10, SEP = 4 << 10, PAGE = 4096 };

/* Resident pages among the whole pages of [p, p + n). */
static size_t resident(const char *p, size_t n) {
  unsigned char vec[BIG / PAGE + 1];
  uintptr_t up = ((uintptr_t)p + PAGE - 1) & ~(uintptr_t)(PAGE - 1);
  const char *lo = (const char *)up;
  size_t pages = (size_t)(p + n - lo) / PAGE, count = 0;
  ASSERT(pages <= sizeof vec && mincore((void *)lo, pages * PAGE, vec) == 0);
  for (size_t i = 0; i < pages; i++)
    count += vec[i] & 1;
  return count;
}

int main(void) {
  /* Separators keep the two free chunks from merging with anything. */
  char *cold = malloc(SMALL), *sep1 = malloc(SEP);
  char *warm = malloc(BIG), *sep2 = malloc(SEP);
  ASSERT(cold && sep1 && warm && sep2);
  memset(cold, 1, SMALL);
  memset(warm, 2, BIG);
  free(cold);
  usleep(50 * 1000);
  free(warm); /* purges cold, free past the decay time */
  char *p = malloc(SMALL);
  ASSERT(p);
  EXPECT(resident(cold, SMALL) <= 1); /* the premise: cold was purged */
  EXPECT(p >= warm && p < warm + BIG);
  free(p);
  free(sep1);
  free(sep2);
  return check_report("test_placement");
}
