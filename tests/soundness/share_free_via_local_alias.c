/* expect: no-share
 * trap: the copy is freed through another local, c + 0.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
static const char text[] = "alias-free";

int main(void)
{
	char *c = malloc(sizeof text); // site
	char *d;
	if (!c)
		return 1;
	memcpy(c, text, sizeof text);
	printf("%s\n", c);
	d = c + 0;
	free(d);
	return 0;
}
