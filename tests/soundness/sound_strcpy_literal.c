/* expect: rewritten
 * sound: malloc(strlen(lit) + 1) then strcpy from the same literal, read and freed.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void)
{
	char *p = malloc(strlen("literal copy") + 1); // site
	if (!p)
		return 1;
	strcpy(p, "literal copy");
	printf("%s %zu\n", p, strlen(p));
	free(p);
	return 0;
}
