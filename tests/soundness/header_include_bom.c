/* expect: rewritten
 * sound: the file starts with a UTF-8 byte order mark; the runtime's
 *   include goes after the existing ones and the file still builds.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void)
{
	char buf[] = "bom file";
	char *c = malloc(sizeof buf); // site
	if (!c)
		return 1;
	memcpy(c, buf, sizeof buf);
	buf[0] = 'X';
	printf("%s %s\n", c, buf);
	free(c);
	return 0;
}
