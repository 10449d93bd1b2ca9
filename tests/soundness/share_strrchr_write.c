/* expect: no-share
 * trap: written through strrchr's result, which points into the copy.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
static const char text[] = "dir/sub/file.c";

int main(void)
{
	char *c = malloc(sizeof text); // site
	if (!c)
		return 1;
	memcpy(c, text, sizeof text);
	char *slash = strrchr(c, '/');
	if (slash)
		*slash = '\0';
	printf("%s\n", c);
	free(c);
	return 0;
}
