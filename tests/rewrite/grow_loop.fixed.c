#include <stdio.h>
#include <stdlib.h>
#include <asrt/asrt.h>
int main(void)
{
	int *v = NULL;
	long sum = 0;
	for (int i = 0; i < 20000; i++) {
		// ruleid: realloc-churn fix: grow
		int *t = asrt_grow_at(v, (i + 1) * sizeof *v, "grow_loop.c:10");
		if (!t) {
			free(v);
			return 1;
		}
		v = t;
		v[i] = i;
	}
	for (int i = 0; i < 20000; i++)
		sum += v[i];
	printf("%ld\n", sum);
	free(v);
	return 0;
}
