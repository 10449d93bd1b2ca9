/* expect: rewritten
 * sound: a second allocation whose failure branch only counts the failure
 *   in a local and goes on to the copy: that branch stays in the region
 *   and writes nothing the copy reads.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *make(const char *s, size_t n, size_t n2, int *failed)
{
	int missing = 0;
	char *a = malloc(n); // site
	if (!a)
		return NULL;
	char *b = malloc(n2);
	if (!b)
		missing = 1;
	memcpy(a, s, n);
	free(b);
	*failed = missing;
	return a;
}

int main(void)
{
	int f1 = 0, f2 = 0;
	char *x = make("abc", 4, 16, &f1);
	char *y = make("def", 4, SIZE_MAX / 4, &f2);
	if (!x || !y)
		return 1;
	printf("%s %d %s %d\n", x, f1, y, f2);
	free(x);
	free(y);
	return 0;
}
