/* expect: no-share
 * trap: strtok_r writes NULs into the copy.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
static const char text[] = "a,b,c";
int main(void)
{
	char *c = malloc(sizeof text); // site
	if (!c)
		return 1;
	memcpy(c, text, sizeof text);
	char *save, *t = strtok_r(c, ",", &save);
	printf("%s %s %s\n", t, c, text);
	free(c);
	return 0;
}
