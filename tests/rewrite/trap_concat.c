#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *join(const char *a, const char *b)
{
	size_t x = strlen(a), y = strlen(b) + 1;
	// ok: alloc-copy
	char *p = malloc(x + y);
	if (!p)
		return NULL;
	memcpy(p, a, x);
	memcpy(p + x, b, y);
	return p;
}

int main(void)
{
	char *j = join("concat", "enation");
	if (!j)
		return 1;
	printf("%s\n", j);
	free(j);
	return 0;
}
