/* expect: any
 * trap: the copy's source is a call that prints: a memdup at the
 *   allocation would print before the line printed between.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
static const char text[] = "from-call";

static const char *source(void)
{
	puts("source read");
	return text;
}

int main(void)
{
	char *c = malloc(sizeof text); // site
	if (!c)
		return 1;
	puts("between");
	memcpy(c, source(), sizeof text);
	printf("%s\n", c);
	free(c);
	return 0;
}
