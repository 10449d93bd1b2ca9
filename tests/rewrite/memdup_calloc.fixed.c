#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <asrt/asrt.h>
static int *dup_ints(const int *src, size_t n)
{
	// ruleid: alloc-copy fix: memdup
	int *p = asrt_memdup_at(src, asrt_size_mul(sizeof(int), n), "memdup_calloc.c:8");
	if (!p)
		return NULL;

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
