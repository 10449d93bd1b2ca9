/* expect: rewritten
 * sound: the last include is computed from a macro.
 */
#include <stdio.h>
#include <stdlib.h>
#define STRING_HEADER <string.h>
#include STRING_HEADER

int main(void)
{
	char buf[] = "computed include";
	char *c = malloc(sizeof buf); // site
	if (!c)
		return 1;
	memcpy(c, buf, sizeof buf);
	buf[0] = 'X';
	printf("%s %s\n", c, buf);
	free(c);
	return 0;
}
