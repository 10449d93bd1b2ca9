/* expect: any
 * trap: reallocarray(v, n + 1, sizeof *v) in an additive loop: a grow whose
 *   size is pasted as `n + 1 * sizeof *v` allocates too little.
 */
#define _DEFAULT_SOURCE
#include <stdio.h>
#include <stdlib.h>

int main(void)
{
	long *v = NULL;
	long sum = 0;
	for (size_t n = 0; n < 300; n++) {
		long *t = reallocarray(v, n + 1, sizeof *v); // site
		if (!t) {
			free(v);
			return 1;
		}
		v = t;
		v[n] = (long)n * 3;
	}
	for (size_t i = 0; i < 300; i++)
		sum += v[i];
	printf("sum=%ld\n", sum);
	free(v);
	return 0;
}
