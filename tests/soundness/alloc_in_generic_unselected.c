/* expect: refused
 * trap: the allocation the copy pairs with is an association of a
 *   _Generic selection that is not chosen; the block comes from the
 *   chosen calloc, so removing the copy leaves it zero.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char word[] = "generic alloc";

int main(void)
{
	char *p = _Generic(1.0, int: malloc(sizeof word), default: calloc(sizeof word, 1)); // site
	if (!p)
		return 1;
	memcpy(p, word, sizeof word);
	printf("[%s]\n", p);
	free(p);
	return 0;
}
