#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *dup_ret(const char *s, size_t n)
{
	// ruleid: alloc-copy fix: manual
	char *p = malloc(n);
	if (!p)
		return NULL;
	return memcpy(p, s, n);
}

int main(void)
{
	char *d = dup_ret("value used", 11);
	if (!d)
		return 1;
	printf("%s\n", d);
	free(d);
	return 0;
}
