/* expect: refused
 * trap: the copy is an association of a _Generic selection that is not
 *   chosen, so it never runs: the zeroed block stays zero, and a memdup
 *   would fill it.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char word[] = "unselected";

int main(void)
{
	char *p = calloc(sizeof word, 1); // site
	if (!p)
		return 1;
	(void)_Generic(1.0, int: memcpy(p, word, sizeof word), default: 0);
	printf("[%s]\n", p);
	free(p);
	return 0;
}
