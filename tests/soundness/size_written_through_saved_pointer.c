/* expect: any
 * trap: a pointer to the size local, taken before the allocation, shrinks
 *   it between the allocation and the copy.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void)
{
	const char src[] = "abcdefgh";
	size_t n = 8;
	size_t *pn = &n;
	char *c = calloc(1, n + 1); // site
	if (!c)
		return 1;
	*pn = 2;
	memcpy(c, src, n);
	printf("%s\n", c);
	free(c);
	return 0;
}
