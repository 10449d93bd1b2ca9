/* expect: refused
 * trap: the malloc is the branch __builtin_choose_expr does not choose;
 *   the block comes from the chosen calloc, so removing the copy leaves
 *   it zero.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char word[] = "choose alloc";

int main(void)
{
	char *p = __builtin_choose_expr(0, malloc(sizeof word), calloc(sizeof word, 1)); // site
	if (!p)
		return 1;
	memcpy(p, word, sizeof word);
	printf("[%s]\n", p);
	free(p);
	return 0;
}
