/* expect: refused
 * trap: the source's address goes through an integer (uintptr_t) and
 *   back; a store through the rebuilt pointer between the allocation and
 *   the copy writes the source.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char src[16] = "integer";

int main(void)
{
	uintptr_t where = (uintptr_t)src + 2;
	char *p = malloc(sizeof src); // site
	if (!p)
		return 1;
	*(char *)where = 'T';
	memcpy(p, src, sizeof src);
	printf("%s\n", p);
	free(p);
	return 0;
}
