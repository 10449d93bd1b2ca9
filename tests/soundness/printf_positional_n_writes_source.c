/* expect: refused
 * trap: printf (read-only by the pack) between the allocation and the
 *   copy writes the source through a positional %1$n, the conversion
 *   spelled after its argument number.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int src[4] = { 1, 2, 3, 4 };

int main(void)
{
	int *p = malloc(sizeof src); // site
	if (!p)
		return 1;
	printf("%2$s%1$n\n", &src[0], "four");
	memcpy(p, src, sizeof src);
	printf("%d %d\n", p[0], p[3]);
	free(p);
	return 0;
}
