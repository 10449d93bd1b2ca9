/* expect: refused
 * configs: | -DNO_COPY
 * trap: the copy itself is inside #ifndef NO_COPY: with -DNO_COPY the block
 *   stays zeroed, a memdup at the allocation fills it.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char word[] = "copied";

int main(void)
{
	char *p = calloc(sizeof word, 1); // site
	if (!p)
		return 1;
#ifndef NO_COPY
	memcpy(p, word, sizeof word);
#endif
	printf("'%s'\n", p);
	free(p);
	return 0;
}
