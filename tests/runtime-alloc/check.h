/* Minimal test helpers: EXPECT reports and continues, ASSERT stops. */
#ifndef ALLOC_TEST_CHECK_H
#define ALLOC_TEST_CHECK_H
#include <stdio.h>
#include <stdlib.h>

static int check_failures;

#define EXPECT(cond)                                                           \
  do {                                                                         \
    if (!(cond)) {                                                             \
      fprintf(stderr, "%s:%d: expected %s\n", __FILE__, __LINE__, #cond);      \
      check_failures++;                                                        \
    }                                                                          \
  } while (0)

#define ASSERT(cond)                                                           \
  do {                                                                         \
    if (!(cond)) {                                                             \
      fprintf(stderr, "%s:%d: assertion %s failed\n", __FILE__, __LINE__,      \
              #cond);                                                          \
      exit(1);                                                                 \
    }                                                                          \
  } while (0)

static int check_report(const char *name) {
  if (check_failures)
    fprintf(stderr, "%s: %d failure(s)\n", name, check_failures);
  return check_failures ? 1 : 0;
}
#endif
