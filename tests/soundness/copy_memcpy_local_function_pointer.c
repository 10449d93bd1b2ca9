/* expect: any
 * trap: a local function pointer named memcpy points at a function that
 *   copies the bytes reversed: the call spelled memcpy is not the library's.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void *reversed(void *d, const void *s, size_t n)
{
	for (size_t i = 0; i < n; i++)
		((char *)d)[i] = ((const char *)s)[n - 1 - i];
	return d;
}

int main(void)
{
	void *(*memcpy)(void *, const void *, size_t) = reversed;
	static const char text[] = "reversed";
	char *c = malloc(sizeof text); // site
	if (!c)
		return 1;
	memcpy(c, text, sizeof text - 1);
	printf("%.8s\n", c);
	free(c);
	return 0;
}
