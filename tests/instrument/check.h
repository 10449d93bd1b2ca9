/* check.h - expectations for the instrument tests: a failed EXPECT prints
 * where and continues; main returns check_status(). */
#ifndef CHECK_H
#define CHECK_H

#include <stdio.h>
#include <string.h>

static int check_failures, check_count;

#define EXPECT(cond) \
	(check_count++, (cond) ? 1 : (fprintf(stderr, "%s:%d: expected %s\n", __FILE__, __LINE__, #cond), \
				      check_failures++, 0))

/* buf[0, len) equals the NUL-terminated want. */
#define EXPECT_TEXT(buf, len, want) \
	(check_count++, ((len) == strlen(want) && memcmp((buf), (want), (len)) == 0) ? 1 : \
	 (fprintf(stderr, "%s:%d: got [%.*s], want [%s]\n", __FILE__, __LINE__, (int)(len), (buf), (want)), \
	  check_failures++, 0))

static inline int check_status(const char *name)
{
	printf("%s: %d checks, %d failed\n", name, check_count, check_failures);
	return check_failures ? 1 : 0;
}

#endif
