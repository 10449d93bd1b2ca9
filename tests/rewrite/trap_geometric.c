#include <stdio.h>
#include <stdlib.h>

int main(void)
{
	int *v = NULL;
	size_t len = 0, cap = 0;
	for (int i = 0; i < 10000; i++) {
		if (len == cap) {
			cap = cap ? cap * 2 : 16;
			// ok: realloc-churn
			int *t = realloc(v, cap * sizeof *v);
			if (!t) {
				free(v);
				return 1;
			}
			v = t;
		}
		v[len++] = i % 7;
	}
	long s = 0;
	for (size_t i = 0; i < len; i++)
		s += v[i];
	printf("%ld\n", s);
	free(v);
	return 0;
}
