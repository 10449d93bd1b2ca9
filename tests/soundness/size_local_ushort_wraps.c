/* expect: refused
 * trap: the copy's size is an unsigned short local holding len + 1, the
 *   allocation's size the same expression in int: at len 65535 the local
 *   wraps to 0 and the copy writes nothing.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char src[65536];

int main(void)
{
	unsigned short len = 65535;
	memset(src, 's', sizeof src);
	unsigned short m = len + 1;
	char *p = calloc(len + 1, 1); // site
	if (!p)
		return 1;
	memcpy(p, src, m);
	printf("%d %d\n", p[0], p[65535]);
	free(p);
	return 0;
}
