/* expect: refused
 * flags: -fno-builtin
 * trap: the unit defines memcpy itself (no <string.h>): its memcpy copies
 *   the bytes reversed, so the call is not the library's copy.
 */
#include <stdio.h>
#include <stdlib.h>

void *memcpy(void *d, const void *s, size_t n);
void *memcpy(void *d, const void *s, size_t n)
{
	for (size_t i = 0; i < n; i++)
		((char *)d)[i] = ((const char *)s)[n - 1 - i];
	return d;
}

int main(int argc, char **argv)
{
	(void)argv;
	static const char text[] = "own-memcpy";
	size_t n = sizeof text - (size_t)argc;
	char *c = malloc(n); // site
	if (!c)
		return 1;
	memcpy(c, text, n);
	printf("%.*s\n", (int)n, c);
	free(c);
	return 0;
}
