/* expect: refused
 * trap: the failure branch of a second allocation's NULL check writes the
 *   source and then goes on to the copy: it is part of the region, not a
 *   path that leaves it, so the write counts.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char src[16] = "original";

static char *make(size_t n2)
{
	char *a = malloc(sizeof src); // site
	if (!a)
		return NULL;
	char *b = malloc(n2);
	if (!b)
		src[0] = 'X';
	memcpy(a, src, sizeof src);
	free(b);
	return a;
}

int main(void)
{
	char *x = make(16);
	char *y = make(SIZE_MAX / 4); /* this allocation fails */
	if (!x || !y)
		return 1;
	printf("%s %s\n", x, y);
	free(x);
	free(y);
	return 0;
}
