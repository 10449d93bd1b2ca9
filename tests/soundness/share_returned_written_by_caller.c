/* expect: no-share
 * trap: the copy is returned and the caller writes it.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char text[] = "returned";

static char *make(void)
{
	char *c = malloc(sizeof text); // site
	if (!c)
		return NULL;
	memcpy(c, text, sizeof text);
	return c;
}

int main(void)
{
	char *s = make();
	if (!s)
		return 1;
	s[0] = 'R';
	printf("%s\n", s);
	free(s);
	return 0;
}
