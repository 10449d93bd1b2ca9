/* expect: rewritten
 * sound: the last include is split over two lines by a backslash.
 */
#include <stdio.h>
#include <stdlib.h>
#include \
<string.h>

int main(void)
{
	char buf[] = "spliced include";
	char *c = malloc(sizeof buf); // site
	if (!c)
		return 1;
	memcpy(c, buf, sizeof buf);
	buf[0] = 'X';
	printf("%s %s\n", c, buf);
	free(c);
	return 0;
}
