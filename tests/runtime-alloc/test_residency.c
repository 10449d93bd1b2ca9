/* Where freed mid-size memory stays resident. Two cases, one per run:
 * "placement": a request is served from free memory whose pages are still
 * resident before free memory that was purged, even when the purged chunk
 * is the tighter fit (run with ASRT_DECAY_MS=1, so a chunk left free for a
 * few milliseconds is purged at the arena's next free);
 * "purge": a bulk release that no allocation follows leaves at most one
 * purge batch's bytes resident (run with ASRT_PURGE_BURST=1m). */
#include "check.h"

#include <stdint.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

enum { SMALL = 64 << 10, BIG = 72 << 10, SEP = 4 << 10, PAGE = 4096 };
#define NBULK 100 /* SMALL blocks, 6.25 MiB */

/* Resident pages among the whole pages of [p, p + n). */
/* Addresses of freed blocks are kept as integers: only their pages are
 * looked at, never their bytes. */
static size_t resident(uintptr_t p, size_t n) {
  unsigned char vec[BIG / PAGE + 1];
  uintptr_t lo = (p + PAGE - 1) & ~(uintptr_t)(PAGE - 1);
  size_t pages = (p + n - lo) / PAGE, count = 0;
  ASSERT(pages <= sizeof vec && mincore((void *)lo, pages * PAGE, vec) == 0);
  for (size_t i = 0; i < pages; i++)
    count += vec[i] & 1;
  return count;
}

static void placement(void) {
  /* Separators keep the two free chunks from merging with anything. */
  char *cold = malloc(SMALL), *sep1 = malloc(SEP);
  char *warm = malloc(BIG), *sep2 = malloc(SEP);
  ASSERT(cold && sep1 && warm && sep2);
  memset(cold, 1, SMALL);
  memset(warm, 2, BIG);
  uintptr_t cold_at = (uintptr_t)cold, warm_at = (uintptr_t)warm;
  free(cold);
  usleep(50 * 1000);
  free(warm); /* purges cold, free past the decay time */
  char *p = malloc(SMALL);
  ASSERT(p);
  EXPECT(resident(cold_at, SMALL) <= 1); /* the premise: cold was purged */
  EXPECT((uintptr_t)p >= warm_at && (uintptr_t)p < warm_at + BIG);
  free(p);
  free(sep1);
  free(sep2);
}

static void purge(void) {
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

int main(int argc, char **argv) {
  ASSERT(argc == 2);
  if (strcmp(argv[1], "placement") == 0)
    placement();
  else if (strcmp(argv[1], "purge") == 0)
    purge();
  else
    ASSERT(!"case: placement or purge");
  return check_report(argv[1]);
}
