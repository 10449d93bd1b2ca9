/* expect: refused
 * trap: the size variable is changed through a pointer to it between the
 *   allocation and the copy.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char word[] = "via pointer";

int main(void)
{
	size_t n = sizeof word;
	size_t *np = &n;
	char *p = calloc(n, 1); // site

	if (!p)
		return 1;
	*np = 3;
	memcpy(p, word, n);
	printf("%s\n", p);
	free(p);
	return 0;
}
