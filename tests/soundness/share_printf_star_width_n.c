/* expect: no-share
 * trap: a '*' width consumes an argument before %n: the pointer written
 *   through is the third variadic argument, the copy.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
static const char text[] = "starwidth";

int main(void)
{
	char *c = malloc(sizeof text); // site
	if (!c)
		return 1;
	memcpy(c, text, sizeof text);
	printf("%*d%n\n", 6, 7, (int *)(void *)c);
	printf("%d%d%d%d|%s\n", c[0], c[1], c[2], c[3], c + 4);
	free(c);
	return 0;
}
