/* expect: refused
 * trap: memset through an alias of the source between the allocation and
 *   the copy (a library call that writes its first argument).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void)
{
	char buf[] = "memset";
	char *q = buf;
	char *p = malloc(sizeof buf); // site

	if (!p)
		return 1;
	memset(q, '#', 3);
	memcpy(p, buf, sizeof buf);
	printf("%s\n", p);
	free(p);
	return 0;
}
