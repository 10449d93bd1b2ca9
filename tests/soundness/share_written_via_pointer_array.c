/* expect: no-share
 * trap: the copy is stored in a local array of pointers and written
 *   through the element.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
static const char text[] = "array-of-pointers";

int main(void)
{
	char *c = malloc(sizeof text); // site
	char *tab[2];
	if (!c)
		return 1;
	memcpy(c, text, sizeof text);
	tab[0] = c;
	tab[1] = NULL;
	tab[0][0] = 'A';
	printf("%s\n", c);
	free(c);
	return 0;
}
