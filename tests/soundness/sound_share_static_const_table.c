/* expect: rewritten
 * sound: a static const table copied, summed through a const pointer
 *   parameter that only reads, freed.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const long weights[16] = { 3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5, 8, 9, 7, 9, 3 };

static long total(const long *w, size_t n)
{
	long t = 0;
	for (size_t i = 0; i < n; i++)
		t += w[i] * (long)(i + 1);
	return t;
}

int main(void)
{
	long *c = malloc(sizeof weights); // site
	if (!c)
		return 1;
	memcpy(c, weights, sizeof weights);
	printf("%ld\n", total(c, 16));
	free(c);
	return 0;
}
