/* expect: any
 * trap: memmove shifts the source within itself between allocation and copy.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void)
{
	char buf[] = "abcdefgh";
	char *src = buf;
	char *c = malloc(sizeof buf); // site
	if (!c)
		return 1;
	memmove(src + 1, src, 4);
	memcpy(c, buf, sizeof buf);
	printf("%s\n", c);
	free(c);
	return 0;
}
