/* expect: refused
 * trap: the copy's size is a _Bool local initialised from the
 *   allocation's size: it is 1, whatever the size.
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char word[] = "boolean";

int main(void)
{
	size_t n = sizeof word;
	bool m = n;
	char *p = calloc(n, 1); // site
	if (!p)
		return 1;
	memcpy(p, word, m);
	printf("[%s]\n", p);
	free(p);
	return 0;
}
