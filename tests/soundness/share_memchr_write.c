/* expect: no-share
 * trap: written through memchr's result (void *, converted), which points
 *   into the copy.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
static const char text[] = "abc:def";

int main(void)
{
	char *c = malloc(sizeof text); // site
	if (!c)
		return 1;
	memcpy(c, text, sizeof text);
	char *colon = memchr(c, ':', sizeof text);
	if (colon)
		*colon = '\0';
	printf("%s\n", c);
	free(c);
	return 0;
}
