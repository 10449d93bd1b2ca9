/* expect: refused
 * trap: a conditional spelled with the digraph %:if between the
 *   allocation and the copy writes the source in one configuration.
 * configs: | -DMUTATE=1
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void)
{
	char src[] = "original";
	char *p = malloc(sizeof src); // site
	if (!p)
		return 1;
%:if defined(MUTATE) && MUTATE
	src[0] = 'M';
%:endif
	memcpy(p, src, sizeof src);
	puts(p);
	free(p);
	return 0;
}
