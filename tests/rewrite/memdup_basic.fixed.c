#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <asrt/asrt.h>
static char *dup_bytes(const char *s, size_t n)
{
	// ruleid: alloc-copy fix: memdup
	char *p = asrt_memdup_at(s, n, "memdup_basic.c:8");
	if (p == NULL)
		return NULL;

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
