#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *maybe_copy(const char *s, size_t n, int fill)
{
	// ruleid: alloc-copy fix: manual
	char *p = malloc(n);
	if (!p)
		return NULL;
	if (fill)
		memcpy(p, s, n);
	else
		memset(p, '-', n);
	p[n - 1] = '\0';
	return p;
}

int main(void)
{
	char *a = maybe_copy("conditional", 12, 1), *b = maybe_copy("x", 4, 0);
	if (!a || !b)
		return 1;
	printf("%s %s\n", a, b);
	free(a);
	free(b);
	return 0;
}
