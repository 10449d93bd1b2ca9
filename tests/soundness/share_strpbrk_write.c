/* expect: no-share
 * trap: written through strpbrk's result, which points into the copy.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
static const char text[] = "word.with,marks";

int main(void)
{
	char *c = malloc(sizeof text); // site
	if (!c)
		return 1;
	memcpy(c, text, sizeof text);
	for (char *m = c; (m = strpbrk(m, ".,")) != NULL; m++)
		*m = ' ';
	printf("%s\n", c);
	free(c);
	return 0;
}
