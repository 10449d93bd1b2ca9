/* expect: refused
 * trap: a call between the allocation and the copy writes the (global)
 *   source.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char name[] = "global";

static void touch(void)
{
	name[0] = 'G';
}

int main(void)
{
	char *p = malloc(sizeof name); // site

	if (!p)
		return 1;
	touch();
	memcpy(p, name, sizeof name);
	printf("%s\n", p);
	free(p);
	return 0;
}
