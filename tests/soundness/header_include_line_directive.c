/* expect: rewritten
 * sound: a #line directive renames the file and renumbers its lines
 *   before the includes.
 */
#line 500 "renamed.c"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void)
{
	char buf[] = "line directive";
	char *c = malloc(sizeof buf); // site
	if (!c)
		return 1;
	memcpy(c, buf, sizeof buf);
	buf[0] = 'X';
	printf("%s %s\n", c, buf);
	free(c);
	return 0;
}
