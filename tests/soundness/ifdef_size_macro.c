/* expect: any
 * configs: | -DWIDE
 * trap: the allocation's size is a macro whose value depends on -DWIDE:
 *   without it the pair has one size (4), with it the block is 8 bytes of
 *   which the copy fills 4 (the rest stays zero).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifdef WIDE
#define KEY 8
#else
#define KEY 4
#endif

static const char src[] = "abcdefgh";

int main(void)
{
	char *p = calloc(KEY, 1); // site
	if (!p)
		return 1;
	memcpy(p, src, 4);
	printf("%.*s|", 4, p);
	for (int i = 0; i < KEY; i++)
		printf("%d ", p[i]);
	printf("\n");
	free(p);
	return 0;
}
