/* expect: refused
 * trap: a VLA's sizeof between the pair reads the zeroed new block: the
 *   memdup fills it first, so the length read is the source's byte.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char word[] = "Kilo";

int main(void)
{
	char *p = calloc(sizeof word, 1); // site
	if (!p)
		return 1;
	size_t k = sizeof(char[p[0] + 1]);
	memcpy(p, word, sizeof word);
	printf("%s %zu\n", p, k);
	free(p);
	return 0;
}
