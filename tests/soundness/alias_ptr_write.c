/* expect: refused
 * trap: the source is written through another pointer (q) between the
 *   allocation and the copy: the copy sees "Alias", a memdup at the
 *   allocation would copy "alias".
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void)
{
	char src[] = "alias";
	char *q = src;
	char *p = malloc(sizeof src); // site

	if (!p)
		return 1;
	q[0] = 'A';
	memcpy(p, src, sizeof src);
	printf("%s\n", p);
	free(p);
	return 0;
}
