/* expect: rewritten
 * sound: the source is a file-static array (not const) whose every use is
 *   in this file, and none writes it; the copy is read and freed.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int primes[8] = { 2, 3, 5, 7, 11, 13, 17, 19 };

static long sum(const int *v, size_t n)
{
	long s = 0;
	for (size_t i = 0; i < n; i++)
		s += v[i];
	return s;
}

int main(void)
{
	int *c = malloc(sizeof primes); // site
	if (!c)
		return 1;
	memcpy(c, primes, sizeof primes);
	printf("%ld %ld\n", sum(c, 8), sum(primes, 8));
	free(c);
	return 0;
}
