/* expect: no-share
 * trap: the %n hides in a macro format built by concatenation ("x%" "n").
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
static const char text[] = "template";
#define FMT "x%" "n\n"

int main(void)
{
	char *c = malloc(sizeof text); // site
	if (!c)
		return 1;
	memcpy(c, text, sizeof text);
	printf(FMT, (int *)c);
	printf("%s|%d%d%d%d\n", c + 4, c[0], c[1], c[2], c[3]);
	free(c);
	return 0;
}
