/* expect: any
 * trap: the copy's source is a local declared between the allocation and
 *   the copy, and a global of the same name exists: the replacement text at
 *   the allocation compiles but copies the global.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char src[] = "global";

int main(void)
{
	char *p = malloc(sizeof src); // site
	if (!p)
		return 1;
	const char src[] = "locall";
	memcpy(p, src, sizeof src);
	printf("%s\n", p);
	free(p);
	return 0;
}
