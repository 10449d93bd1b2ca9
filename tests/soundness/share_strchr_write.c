/* expect: no-share
 * trap: the copy of an immutable string is written through the pointer
 *   strchr returns into it; a shared (borrowed, read-only) copy is the
 *   literal itself.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
static const char text[] = "key,value";

int main(void)
{
	char *c = malloc(sizeof text); // site
	if (!c)
		return 1;
	memcpy(c, text, sizeof text);
	char *comma = strchr(c, ',');
	if (comma)
		*comma = '\0';
	printf("%s\n", c);
	free(c);
	return 0;
}
