/* expect: rewritten
 * sound: an alias of the source is only read between the allocation and the
 *   copy.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void)
{
	char src[] = "read only alias";
	const char *q = src;
	char *p = malloc(sizeof src); // site
	if (!p)
		return 1;
	char first = q[0];
	memcpy(p, src, sizeof src);
	src[0] = 'R';
	printf("%s %c %s\n", p, first, src);
	free(p);
	return 0;
}
