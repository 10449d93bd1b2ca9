/* The project's own "asrt.h": assertion helpers, nothing to do with
 * libasrt. Its name is the runtime header's. */
#ifndef PROJECT_ASRT_H
#define PROJECT_ASRT_H
#include <stdio.h>
#include <stdlib.h>
#define ASRT(cond) \
	do { \
		if (!(cond)) { \
			fprintf(stderr, "assertion failed: %s\n", #cond); \
			abort(); \
		} \
	} while (0)
#endif
