#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <asrt/asrt.h>
static const char banner[] = "escaping copy";

/* The copy leaves the function: it may be written by the caller, so it is
 * no shared reference; memdup is still sound. */
static char *make_banner(void)
{
	// ruleid: alloc-copy fix: memdup
	char *p = asrt_memdup_at(banner, sizeof banner, "trap_escape.c:12");
	if (!p)
		return NULL;

	return p;
}

int main(void)
{
	char *b = make_banner();
	if (!b)
		return 1;
	b[0] = 'E';
	printf("%s\n", b);
	free(b);
	return 0;
}
