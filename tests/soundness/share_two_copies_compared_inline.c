/* expect: no-share
 * trap: two copies made in one function are compared by address (as a
 *   cache would to tell a fresh entry from a hit).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char text[] = "inline pair";

int main(void)
{
	char *a = malloc(sizeof text); // site
	if (!a)
		return 1;
	memcpy(a, text, sizeof text);
	char *b = malloc(sizeof text); // site
	if (!b)
		return 1;
	memcpy(b, text, sizeof text);
	printf("%s: %s\n", a, a != b ? "distinct" : "aliased");
	free(a);
	free(b);
	return 0;
}
