/* expect: any
 * trap: the copy's size has a side effect of its own ((uses++, n)); a
 *   rewrite that keeps only the allocation's size text drops it.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char word[] = "side effect";

int main(void)
{
	size_t n = sizeof word;
	int uses = 0;
	char *p = malloc(n); // site

	if (!p)
		return 1;
	memcpy(p, word, (uses++, n));
	printf("%s uses=%d\n", p, uses);
	free(p);
	return 0;
}
