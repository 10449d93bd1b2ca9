/* check.h — expect-style checks for the runtime-core tests: a failed check
 * prints where and why and the test goes on; main returns check_status(). */
#ifndef CHECK_H
#define CHECK_H

#include <stdio.h>

static int check_failures;

#define CHECK(cond)                                                       \
  do {                                                                    \
    if (!(cond)) {                                                        \
      fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__,    \
              #cond);                                                     \
      check_failures++;                                                   \
    }                                                                     \
  } while (0)

static inline int check_status(void) {
  if (check_failures)
    fprintf(stderr, "%d check(s) failed\n", check_failures);
  return check_failures ? 1 : 0;
}

#endif
