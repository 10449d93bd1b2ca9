/* expect: no-share
 * trap: reallocarray(c, 0, 1) on a copy of a literal frees it (glibc's
 *   realloc of size 0): a shared copy must not be handed to free.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void)
{
	char *c = malloc(sizeof "array zero"); // site
	if (!c)
		return 1;
	strcpy(c, "array zero");
	printf("%s\n", c);
	c = reallocarray(c, 0, 1);
	printf("%s\n", c ? "kept" : "freed");
	free(c);
	return 0;
}
