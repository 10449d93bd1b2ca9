/* expect: no-share
 * trap: the copy is later regrown with realloc: realloc of a shared (not
 *   malloc'ed) pointer is invalid.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
static const char text[] = "grow";

int main(void)
{
	char *c = malloc(sizeof text); // site
	if (!c)
		return 1;
	memcpy(c, text, sizeof text);
	char *t = realloc(c, 64);
	if (!t) {
		free(c);
		return 1;
	}
	c = t;
	strcat(c, "n up");
	printf("%s\n", c);
	free(c);
	return 0;
}
