/* expect: no-share
 * trap: the copy is written through a pointer computed from it (c + 1).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
static const char text[] = "arith";

int main(void)
{
	char *c = malloc(sizeof text); // site
	if (!c)
		return 1;
	memcpy(c, text, sizeof text);
	char *w = c + 1;
	*w = 'R';
	printf("%s\n", c);
	free(c);
	return 0;
}
