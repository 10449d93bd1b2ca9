/* What ASRT_STATS says, for the allocator and the helpers alike (each may
 * be built without the other): unset, empty or "0": no report; "1": the
 * report to stderr; anything else: the path of the report file. */
#ifndef ASRT_STATS_ENV_H
#define ASRT_STATS_ENV_H

#include <string.h>

/* The destination named by the variable's value v, or NULL for none. */
static inline const char *asrt_stats_dest(const char *v)
{
	return v && *v && strcmp(v, "0") != 0 ? v : NULL;
}

static inline int asrt_stats_to_stderr(const char *dest)
{
	return strcmp(dest, "1") == 0;
}

#endif
