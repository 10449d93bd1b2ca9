/* expect: refused
 * trap: the # of an #ifdef on a line of its own, its name on the next line
 *   after a line splice.
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
	/* a comment first */ # \
ifdef MUTATE
	src[2] = 'M';
#endif
	memcpy(p, src, sizeof src);
	puts(p);
	free(p);
	return 0;
}
