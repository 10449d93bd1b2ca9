/* expect: no-share
 * trap: written through strtol's end pointer, which points into the copy.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
static const char text[] = "42 apples";

int main(void)
{
	char *c = malloc(sizeof text); // site
	if (!c)
		return 1;
	memcpy(c, text, sizeof text);
	char *end;
	long v = strtol(c, &end, 10);
	*end = '\0';
	printf("%ld '%s'\n", v, c);
	free(c);
	return 0;
}
