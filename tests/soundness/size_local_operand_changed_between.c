/* expect: refused
 * trap: the copy's size is a local declared between the allocation and
 *   the copy from the same names, but one of them changed before it: the
 *   copy fills less than the allocation (the rest stays zero from calloc),
 *   a copy of the allocation's size at the allocation would not.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *load(const char *src, size_t x, size_t y)
{
	char *buff = calloc(x, y); // site
	if (!buff)
		return NULL;
	x--;
	size_t size = x * y;
	memcpy(buff, src, size);
	return buff;
}

int main(void)
{
	char *p = load("abcdefgh", 2, 4);
	if (!p)
		return 1;
	for (int i = 0; i < 8; i++)
		printf("%d ", p[i]);
	printf("\n");
	free(p);
	return 0;
}
