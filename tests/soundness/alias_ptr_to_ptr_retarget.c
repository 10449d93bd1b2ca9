/* expect: refused
 * trap: the source pointer itself is retargeted through a pointer to it
 *   (*pp = other) between the allocation and the copy: memdup at the
 *   allocation would copy the old target.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char first[] = "first";
static const char other[] = "other";

int main(void)
{
	const char *src = first;
	const char **pp = &src;
	char *p = malloc(sizeof first); // site

	if (!p)
		return 1;
	*pp = other;
	memcpy(p, src, sizeof first);
	printf("%s\n", p);
	free(p);
	return 0;
}
