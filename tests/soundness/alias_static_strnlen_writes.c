/* expect: refused
 * trap: under -std=c11 no header declares strnlen, and the unit defines its
 *   own, which writes its argument; it is called on the source between the
 *   allocation and the copy. The packs' strnlen is the library's, read-only.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static size_t strnlen(char *s, size_t n)
{
	s[n / 2] = '*';
	return n;
}

static char src[] = "abcdefgh";

int main(void)
{
	char *p = malloc(sizeof src); // site
	if (!p)
		return 1;
	size_t k = strnlen(src, 4);
	memcpy(p, src, sizeof src);
	printf("%zu %s %s\n", k, p, src);
	free(p);
	return 0;
}
