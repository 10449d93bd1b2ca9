/* expect: any
 * trap: a regrow loop by an additive step that restarts at length 0 in the
 *   middle: realloc(p, 0) frees the block (the loop counts the restarts),
 *   asrt_grow(p, 0) never frees.
 */
#include <stdio.h>
#include <stdlib.h>

int main(void)
{
	int *v = NULL;
	size_t n = 0;
	int restarts = 0;
	long sum = 0;

	for (int i = 0; i < 12; i++) {
		if (i == 6)
			n = 0;
		int *t = realloc(v, n * sizeof *v); // site
		if (!t && n == 0) {
			restarts++;
			v = NULL;
			n++;
			continue;
		}
		if (!t) {
			free(v);
			return 1;
		}
		v = t;
		if (n)
			v[n - 1] = i;
		sum += n ? v[n - 1] : 0;
		n++;
	}
	printf("sum=%ld restarts=%d\n", sum, restarts);
	free(v);
	return 0;
}
