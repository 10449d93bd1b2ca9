/* expect: refused
 * trap: the size variable changes between the allocation and the copy
 *   (n = 4): the copy copies 4 bytes into a zeroed block; memdup at the
 *   allocation would copy all of them.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char word[] = "truncated";

int main(void)
{
	size_t n = sizeof word;
	char *p = calloc(n, 1); // site

	if (!p)
		return 1;
	n = 4;
	memcpy(p, word, n);
	printf("%s\n", p);
	free(p);
	return 0;
}
