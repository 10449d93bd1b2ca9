/* expect: no-share
 * trap: bcopy's second argument is its destination.
 */
#define _DEFAULT_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
static const char text[] = "abcdefgh";
int main(void)
{
	char *c = malloc(sizeof text); // site
	if (!c)
		return 1;
	memcpy(c, text, sizeof text);
	bcopy("XY", c, 2);
	printf("%s %s\n", c, text);
	free(c);
	return 0;
}
