/* expect: rewritten
 * sound: an additive regrow through a local struct's fields, read only by
 *   index within the size asked for.
 */
#include <stdio.h>
#include <stdlib.h>

int main(void)
{
	int *v = NULL;
	size_t n = 0;
	long sum = 0;
	while (n < 3000) {
		int *t = realloc(v, (n + 2) * sizeof *t); // site
		if (!t) {
			free(v);
			return 1;
		}
		v = t;
		v[n] = (int)n;
		v[n + 1] = 1;
		n += 2;
	}
	for (size_t i = 0; i < n; i++)
		sum += v[i];
	printf("%ld\n", sum);
	free(v);
	return 0;
}
