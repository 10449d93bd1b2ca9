/* expect: refused
 * trap: the copy's size is a local of type unsigned char initialised from
 *   the allocation's size: the declaration narrows 300 to 44, so the copy
 *   fills 44 bytes of a zeroed 300 and a memdup of 300 would fill all.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char src[300];

int main(void)
{
	size_t n = sizeof src;
	memset(src, 'u', sizeof src);
	unsigned char m = n;
	char *p = calloc(n, 1); // site
	if (!p)
		return 1;
	memcpy(p, src, m);
	printf("%d %d %d\n", p[0], p[43], p[100]);
	free(p);
	return 0;
}
