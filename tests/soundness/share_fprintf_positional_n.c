/* expect: no-share
 * trap: fprintf with a positional %1$n writes through the copy.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
static const char text[] = "template";


int main(void)
{
	char *c = malloc(sizeof text); // site
	if (!c)
		return 1;
	memcpy(c, text, sizeof text);
	fprintf(stdout, "xyz%1\$n\n", (int *)c);
	printf("%s|%d%d%d%d\n", c + 4, c[0], c[1], c[2], c[3]);
	free(c);
	return 0;
}
