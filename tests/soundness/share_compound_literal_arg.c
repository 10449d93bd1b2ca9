/* expect: no-share
 * trap: the copy is passed inside a compound literal argument (an argv-like
 *   array) to a function that writes through it.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
static const char text[] = "argv0";

static void mangle(char **argv)
{
	argv[0][0] = 'A';
}

int main(void)
{
	char *c = malloc(sizeof text); // site
	if (!c)
		return 1;
	memcpy(c, text, sizeof text);
	mangle((char *[]){ c, NULL });
	printf("%s\n", c);
	free(c);
	return 0;
}
