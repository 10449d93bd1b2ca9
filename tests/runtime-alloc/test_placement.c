/* Where small blocks lie: blocks a thread allocates one after another lie
 * one after another, ascending, so that a program reading them in the order
 * it made them streams through memory (bench_duparray's keep shape ran 2x
 * slower when the thread cache handed each batch out backwards). */
#include "check.h"

#include <pthread.h>
#include <stdint.h>

enum { N = 400, SIZE = 48 };

static void *allocate_in_order(void *arg) {
  int *ascending = arg;
  static char *p[N];
  for (int i = 0; i < N; i++)
    ASSERT((p[i] = malloc(SIZE)) != NULL);
  for (int i = 1; i < N; i++)
    *ascending += p[i] > p[i - 1] && p[i] - p[i - 1] <= 2 * SIZE;
  for (int i = 0; i < N; i++)
    free(p[i]);
  return NULL;
}

int main(void) {
  /* A fresh thread: its cache is empty, every block comes from a refill. */
  pthread_t t;
  int ascending = 0;
  ASSERT(pthread_create(&t, NULL, allocate_in_order, &ascending) == 0);
  ASSERT(pthread_join(t, NULL) == 0);
  /* A slab boundary or a refill may break the run now and then. */
  EXPECT(ascending >= N * 9 / 10);
  if (ascending < N * 9 / 10)
    fprintf(stderr, "test_placement: %d of %d steps ascending\n", ascending, N - 1);
  return check_report("test_placement");
}
