/* expect: no-share
 * trap: strsep through a cursor copied from the copy writes a NUL into it.
 */
#define _DEFAULT_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
static const char text[] = "a,b,c";

int main(void)
{
	char *c = malloc(sizeof text); // site
	char *cur;
	if (!c)
		return 1;
	memcpy(c, text, sizeof text);
	cur = c;
	strsep(&cur, ",");
	printf("[%s] [%s]\n", c, cur);
	free(c);
	return 0;
}
