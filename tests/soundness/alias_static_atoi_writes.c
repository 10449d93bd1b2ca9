/* expect: refused
 * trap: the unit's own static atoi, which writes its argument, is called
 *   on the source between the allocation and the copy: the packs' atoi is
 *   the library's, read-only; this one is not.
 */
#include <stddef.h>
#include <stdio.h>
#include <string.h>
void *malloc(size_t n);
void free(void *p);

static int atoi(char *s)
{
	s[0] = 'Z';
	return 1;
}

static char src[] = "hello";

int main(void)
{
	char *p = malloc(sizeof src); // site
	if (!p)
		return 1;
	int k = atoi(src);
	memcpy(p, src, sizeof src);
	printf("%d %s\n", k, p);
	free(p);
	return 0;
}
