/* check.h - the expectations of every C test (tests/include, on each test
 * group's include path): EXPECT reports where and goes on, ASSERT reports
 * and ends the test (exit status 1); main returns check_status(name), which
 * prints the count and fails if any expectation did. */
#ifndef AS_TEST_CHECK_H
#define AS_TEST_CHECK_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int check_failures, check_count;

/* An expression: 1 if cond held, else 0 (after saying so). */
#define EXPECT(cond)                                                                                  \
	(check_count++, (cond) ? 1                                                                    \
			       : (fprintf(stderr, "%s:%d: expected %s\n", __FILE__, __LINE__, #cond), \
				  check_failures++, 0))

#define ASSERT(cond)                                                                                \
	do {                                                                                        \
		check_count++;                                                                      \
		if (!(cond)) {                                                                      \
			fprintf(stderr, "%s:%d: assertion %s failed\n", __FILE__, __LINE__, #cond); \
			exit(1);                                                                    \
		}                                                                                   \
	} while (0)

/* buf[0, len) equals the NUL-terminated want. */
#define EXPECT_TEXT(buf, len, want)                                                                      \
	(check_count++, ((len) == strlen(want) && memcmp((buf), (want), (len)) == 0)                     \
				? 1                                                                      \
				: (fprintf(stderr, "%s:%d: got [%.*s], want [%s]\n", __FILE__, __LINE__, \
					   (int)(len), (buf), (want)),                                   \
				   check_failures++, 0))

static inline int check_status(const char *name)
{
	printf("%s: %d checks, %d failed\n", name, check_count, check_failures);
	return check_failures ? 1 : 0;
}

#endif
