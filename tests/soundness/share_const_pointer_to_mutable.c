/* expect: no-share
 * trap: the source is read through a pointer to const, but the bytes are
 *   a mutable array written after the copy.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
static char buf[] = "mutable";
static const char *const text = buf;

int main(void)
{
	char *c = malloc(sizeof buf); // site
	if (!c)
		return 1;
	memcpy(c, text, sizeof buf);
	buf[0] = 'X';
	printf("%s %s\n", c, buf);
	free(c);
	return 0;
}
