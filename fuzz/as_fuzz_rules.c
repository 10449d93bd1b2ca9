/* as_fuzz_rules.c - libFuzzer target: arbitrary bytes as a rule pack.
 * as_rules_load reads a path, so each input goes through one temporary file
 * per process; the loader must fail cleanly or load, never crash or leak. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "as_rules.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static char path[64];
	struct as_rules r = { 0 };
	struct as_error err = { "" };
	FILE *f;

	if (!path[0])
		snprintf(path, sizeof path, "/tmp/as-fuzz-rules-%d.json", (int)getpid());
	f = fopen(path, "wb");
	if (!f)
		abort();
	if (size && fwrite(data, 1, size, f) != size)
		abort();
	if (fclose(f))
		abort();
	/* Twice: the second load merges over the first (same names replace). */
	if (as_rules_load(&r, path, &err) == 0)
		as_rules_load(&r, path, &err);
	as_rules_free(&r);
	return 0;
}
