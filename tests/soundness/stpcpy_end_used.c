/* expect: refused
 * trap: stpcpy's value, the end of the copied string, is used to append:
 *   removing the copy would lose it.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *dup_star(const char *s)
{
	char *p = malloc(strlen(s) + 2); // site
	if (!p)
		return NULL;
	char *end = stpcpy(p, s);
	end[0] = '*';
	end[1] = '\0';
	return p;
}

int main(void)
{
	char *p = dup_star("starred");
	if (!p)
		return 1;
	printf("%s\n", p);
	free(p);
	return 0;
}
