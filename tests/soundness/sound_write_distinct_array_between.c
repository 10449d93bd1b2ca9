/* expect: any
 * sound: a distinct local array (not the source, its address never taken
 *   elsewhere) is written between the allocation and the copy.
 *   Open gap (issue 20): the analysis does not yet prove that a local array whose address never escapes cannot hold the source; until then only unchanged behaviour is asserted.
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
