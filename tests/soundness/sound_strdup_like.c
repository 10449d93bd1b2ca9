/* expect: rewritten
 * sound: malloc(strlen(s) + 1) then strcpy(p, s): the strdup shape.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *my_strdup(const char *s)
{
	char *p = malloc(strlen(s) + 1); // site
	if (!p)
		return NULL;
	strcpy(p, s);
	return p;
}

int main(void)
{
	char name[] = "strdup-like";
	char *d = my_strdup(name);
	if (!d)
		return 1;
	name[0] = '?';
	printf("%s %s %zu\n", d, name, strlen(d));
	free(d);
	return 0;
}
