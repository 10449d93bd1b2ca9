#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *dup_bytes(const char *s, size_t n)
{
	// ruleid: alloc-copy fix: memdup
	char *p = malloc(n);
	if (p == NULL)
		return NULL;
	memcpy(p, s, n);
	return p;
}

int main(void)
{
	char *d = dup_bytes("round trip", 11);
	if (!d)
		return 1;
	printf("%s\n", d);
	free(d);
	return 0;
}
