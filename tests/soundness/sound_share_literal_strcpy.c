/* expect: any
 * sound: a literal copied with strcpy into malloc(sizeof lit), read by
 *   printf, freed.
 *   Open gap (issue 20): alloc-copy does not yet pair sizeof of a literal with strcpy's strlen + 1; until then only unchanged behaviour is asserted.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void)
{
	char *c = malloc(sizeof "strcpy literal"); // site
	if (!c)
		return 1;
	strcpy(c, "strcpy literal");
	printf("[%s]\n", c);
	free(c);
	return 0;
}
