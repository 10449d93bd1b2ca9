/* test_shared_lib.c — the helpers through libasrt_core.so: a literal of the
 * executable is still borrowed (the library finds other objects' read-only
 * segments), and a literal of the C library is borrowed too (pinning a
 * shared object). Run plain and with jemalloc preloaded. */
#include <stdlib.h>
#include <string.h>

#include <asrt/asrt.h>
#include "check.h"

static const double constants[8] = { 1, 2, 3, 4, 5, 6, 7, 8 };

int main(void)
{
	const double *c = asrt_cow_share(constants, sizeof constants);
	EXPECT(c == constants);
	double *w = asrt_cow_mut((void *)c, sizeof constants);
	EXPECT(w && w != constants && w[7] == 8);
	if (w)
		w[7] = 9;
	EXPECT(constants[7] == 8);
	asrt_cow_release(w);

	/* strerror's table lives in libc's read-only data. */
	const char *msg = strerror(2);
	const char *m = asrt_cow_share(msg, strlen(msg) + 1);
	EXPECT(m != NULL && strcmp(m, msg) == 0);
	asrt_cow_release((void *)m);

	char *d = asrt_memdup("dup", 4);
	EXPECT(d && strcmp(d, "dup") == 0);
	d = asrt_grow(d, 1 << 16);
	EXPECT(d && strcmp(d, "dup") == 0);
	free(d);
	return check_status("runtime-core/test_shared_lib");
}
