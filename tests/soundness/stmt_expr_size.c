/* expect: any
 * trap: the size is a GNU statement expression with a side effect, written
 *   in both the allocation and the copy: evaluated twice before, once by a
 *   memdup that keeps one of them.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char word[] = "statement";

int main(void)
{
	int evals = 0;
	char *p = malloc(({ evals++; sizeof word; })); // site

	if (!p)
		return 1;
	memcpy(p, word, ({ evals++; sizeof word; }));
	printf("%s evals=%d\n", p, evals);
	free(p);
	return 0;
}
