/* expect: no-share
 * trap: positional arguments with a '*2$' precision: %3$n writes through
 *   the copy, passed as the third argument.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
static const char text[] = "positional";

int main(void)
{
	char *c = malloc(sizeof text); // site
	if (!c)
		return 1;
	memcpy(c, text, sizeof text);
	printf("%1$.*2$s%3$hhn\n", "abcdef", 4, c);
	printf("%d|%s\n", c[0], c + 1);
	free(c);
	return 0;
}
