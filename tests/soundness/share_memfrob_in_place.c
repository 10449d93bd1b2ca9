/* expect: no-share
 * trap: memfrob writes its argument in place.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
static const char text[] = "abcdefgh";
int main(void)
{
	char *c = malloc(sizeof text); // site
	if (!c)
		return 1;
	memcpy(c, text, sizeof text);
	memfrob(c, 3);
	memfrob(c, 3);
	c[0] = 'Z';
	printf("%s %s\n", c, text);
	free(c);
	return 0;
}
