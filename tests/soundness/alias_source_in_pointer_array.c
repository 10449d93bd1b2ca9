/* expect: any
 * trap: the source is written between allocation and copy through an
 *   array of pointers holding it.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void)
{
	char src[] = "original";
	char *tab[2] = { NULL, src };
	char *c = malloc(sizeof src); // site
	if (!c)
		return 1;
	tab[1][0] = 'O';
	memcpy(c, src, sizeof src);
	printf("%s\n", c);
	free(c);
	return 0;
}
