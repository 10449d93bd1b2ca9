/* expect: refused
 * trap: `  %:  ifdef` (blanks around the digraph) between the allocation and
 *   the copy.
 * configs: | -DMUTATE
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
  %:  ifdef MUTATE
	src[1] = 'M';
  %:  endif
	memcpy(p, src, sizeof src);
	puts(p);
	free(p);
	return 0;
}
