/* expect: no-share
 * trap: two copies of one immutable string are compared by address: two
 *   fresh blocks differ, two shared copies are the same pointer.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char text[] = "twice";

static char *copy(void)
{
	char *c = malloc(sizeof text); // site
	if (!c)
		return NULL;
	memcpy(c, text, sizeof text);
	return c;
}

int main(void)
{
	char *a = copy();
	char *b = copy();
	if (!a || !b)
		return 1;
	printf("%s %s: %s\n", a, b, a == b ? "one object" : "two objects");
	free(a);
	free(b);
	return 0;
}
