/* expect: refused
 * trap: the copy is the branch __builtin_choose_expr does not choose: it
 *   is never evaluated, and a memdup would fill the zeroed block.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char word[] = "not chosen";

int main(void)
{
	char *p = calloc(sizeof word, 1); // site
	if (!p)
		return 1;
	__builtin_choose_expr(0, memcpy(p, word, sizeof word), (void *)0);
	printf("[%s]\n", p);
	free(p);
	return 0;
}
