/* expect: no-share
 * trap: a local function pointer named puts points at a function that
 *   writes its argument.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
static const char text[] = "pointer";

static int scribble(char *s)
{
	s[0] = '!';
	return fputs(s, stdout);
}

int main(void)
{
	int (*puts)(char *) = scribble;
	char *c = malloc(sizeof text); // site
	if (!c)
		return 1;
	memcpy(c, text, sizeof text);
	puts(c);
	printf("\n%s\n", c);
	free(c);
	return 0;
}
