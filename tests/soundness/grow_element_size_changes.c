/* expect: rewritten
 * sound: an array of int regrown one element at a time, its bytes counted
 *   as (n + 1) * sizeof *a: never 0.
 */
#include <stdio.h>
#include <stdlib.h>

int main(void)
{
	int *a = NULL;
	size_t n = 0;
	long sum = 0;

	for (int i = 0; i < 1000; i++) {
		int *t = realloc(a, (n + 1) * sizeof *a); // site
		if (!t) {
			free(a);
			return 1;
		}
		a = t;
		a[n++] = i;
	}
	for (size_t k = 0; k < n; k++)
		sum += a[k];
	printf("%zu %ld\n", n, sum);
	free(a);
	return 0;
}
