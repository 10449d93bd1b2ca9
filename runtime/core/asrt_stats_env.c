/* asrt_stats_env.c — whether ASRT_STATS is on, and, when the helpers run
 * without libasrt's allocator, writing the per-site counters at exit. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <asrt/asrt.h>
#include "asrt_core_internal.h"
#include "asrt_stats_env.h"

int asrt__stats_state = -1;

/* Defined (strong) by libasrt's allocator, which then writes the whole
 * ASRT_STATS file itself and calls asrt__sites_json. */
extern int asrt__heap_present __attribute__((weak));

static const char *stats_dest(void)
{
	return asrt_stats_dest(getenv("ASRT_STATS"));
}

int asrt__core_stats_init(void)
{
	int on = stats_dest() != NULL;
	/* Racing first calls compute the same answer; any store wins. */
	__atomic_store_n(&asrt__stats_state, on, __ATOMIC_RELAXED);
	return on;
}

/* A destructor rather than atexit: it runs for static and shared linking
 * alike, without a registration call on the helpers' fast path. */
__attribute__((destructor)) static void stats_write_at_exit(void)
{
	if (&asrt__heap_present || !asrt__core_stats_on())
		return;
	const char *dest = stats_dest();
	if (!dest)
		return;
	int to_stderr = asrt_stats_to_stderr(dest);
	FILE *out = to_stderr ? stderr : fopen(dest, "w");
	if (!out) {
		/* Nobody to return an error to at exit: say it once. */
		fprintf(stderr, "asrt: cannot write ASRT_STATS file %s\n", dest);
		return;
	}
	fputs("{\"sites\": ", out);
	asrt__sites_json(out);
	fputs("}\n", out);
	if (!to_stderr)
		fclose(out);
}
