/* expect: rewritten
 * sound: another variable has a cleanup attribute; the copy's own has
 *   none, and the copy is only read and freed.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
static const char text[] = "plain-copy";

static void zero(int *p)
{
	*p = 0;
}

int main(void)
{
	int guard __attribute__((cleanup(zero))) = 1;
	char *c = malloc(sizeof text); // site
	if (!c)
		return 1;
	memcpy(c, text, sizeof text);
	printf("%s %d\n", c, guard);
	free(c);
	return 0;
}
