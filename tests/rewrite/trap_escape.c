#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char banner[] = "escaping copy";

/* The copy leaves the function: it may be written by the caller, so it is
 * no shared reference; memdup is still sound. */
static char *make_banner(void)
{
	// ruleid: alloc-copy fix: memdup
	char *p = malloc(sizeof banner);
	if (!p)
		return NULL;
	memcpy(p, banner, sizeof banner);
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
