/* expect: any
 * trap: the size is a file-scope variable that a function called between
 *   the allocation and the copy shrinks.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
static size_t len = 8;

static void shrink(void)
{
	len = 3;
}

int main(void)
{
	const char src[] = "abcdefgh";
	char *c = malloc(len); // site
	if (!c)
		return 1;
	memset(c, '.', len);
	shrink();
	memcpy(c, src, len);
	printf("%.8s\n", c);
	free(c);
	return 0;
}
