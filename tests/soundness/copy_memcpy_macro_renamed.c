/* expect: any
 * trap: '#define memcpy rev_copy' after <string.h>: the call spelled
 *   memcpy is the unit's own reversed copy.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void *rev_copy(void *d, const void *s, size_t n)
{
	for (size_t i = 0; i < n; i++)
		((char *)d)[i] = ((const char *)s)[n - 1 - i];
	return d;
}
#define memcpy rev_copy

int main(void)
{
	static const char text[] = "macro-copy";
	char *c = malloc(sizeof text); // site
	if (!c)
		return 1;
	memcpy(c, text, sizeof text - 1);
	printf("%.10s\n", c);
	free(c);
	return 0;
}
