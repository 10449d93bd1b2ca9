/* expect: no-share
 * trap: the format is a variable (not a literal), which holds %n.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
static const char text[] = "template";
static const char *fmt = "x%n\n";

int main(void)
{
	char *c = malloc(sizeof text); // site
	if (!c)
		return 1;
	memcpy(c, text, sizeof text);
	printf(fmt, (int *)c);
	printf("%s|%d%d%d%d\n", c + 4, c[0], c[1], c[2], c[3]);
	free(c);
	return 0;
}
