#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int *dup_ints(const int *src, size_t n)
{
	// ruleid: alloc-copy fix: memdup
	int *p = calloc(n, sizeof(int));
	if (!p)
		return NULL;
	memcpy(p, src, n * sizeof(int));
	return p;
}

int main(void)
{
	int src[6] = { 4, 8, 15, 16, 23, 42 };
	int *d = dup_ints(src, 6);
	int sum = 0;
	if (!d)
		return 1;
	for (int i = 0; i < 6; i++)
		sum += d[i];
	printf("%d\n", sum);
	free(d);
	return 0;
}
