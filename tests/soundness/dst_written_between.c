/* expect: any
 * trap: the new block is written between the allocation and the copy and
 *   the copy overwrites it; a memdup at the allocation would let the write
 *   win instead.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char word[] = "overwrite";

int main(void)
{
	char *p = malloc(sizeof word); // site

	if (!p)
		return 1;
	p[0] = 'Z';
	memcpy(p, word, sizeof word);
	printf("%s\n", p);
	free(p);
	return 0;
}
