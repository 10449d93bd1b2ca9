/* expect: no-share
 * trap: the copy goes to a function with a const parameter that casts the
 *   const away and writes: const in a prototype is no proof of reading.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
static const char text[] = "lower";

static void shout(const char *s)
{
	char *w = (char *)s;
	w[0] = (char)(w[0] - 'a' + 'A');
}

int main(void)
{
	char *c = malloc(sizeof text); // site
	if (!c)
		return 1;
	memcpy(c, text, sizeof text);
	shout(c);
	printf("%s\n", c);
	free(c);
	return 0;
}
