/* expect: rewritten
 * sound: a distinct local array (not the source, which is an array
 *   variable itself) is written between the allocation and the copy: a
 *   variable's own storage is no part of another array variable.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void)
{
	char src[] = "distinct";
	char other[] = "other";
	char *p = malloc(sizeof src); // site
	if (!p)
		return 1;
	other[0] = 'O';
	memcpy(p, src, sizeof src);
	printf("%s %s\n", p, other);
	free(p);
	return 0;
}
