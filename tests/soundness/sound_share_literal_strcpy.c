/* expect: rewritten
 * sound: a literal copied with strcpy into malloc(sizeof lit), read by
 *   printf, freed: strcpy's strlen + 1 of a literal is its sizeof.
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
