/* expect: no-share
 * trap: realloc(c, 0) is the free of the copy (glibc frees and returns NULL).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
static const char text[] = "realloc-zero";

int main(void)
{
	char *c = malloc(sizeof text); // site
	if (!c)
		return 1;
	memcpy(c, text, sizeof text);
	printf("%s\n", c);
	c = realloc(c, 0);
	printf("%s\n", c ? "kept" : "gone");
	free(c);
	return 0;
}
