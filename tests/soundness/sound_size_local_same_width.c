/* expect: rewritten
 * sound: the copy's size is a size_t local initialised from an unsigned
 *   char count: a widening, so its value is the allocation's.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char word[] = "widened";

int main(void)
{
	unsigned char c = sizeof word;
	size_t m = c;
	char *p = malloc(c); // site
	if (!p)
		return 1;
	memcpy(p, word, m);
	printf("%s\n", p);
	free(p);
	return 0;
}
