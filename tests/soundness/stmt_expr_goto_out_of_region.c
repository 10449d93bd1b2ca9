/* expect: refused
 * trap: a statement expression in the region jumps out past the copy to
 *   a label where the zeroed block is read: a memdup would have filled it.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char word[] = "jumped";

static void run(int k)
{
	char *p = calloc(sizeof word, 1); // site
	if (!p)
		return;
	(void)({
		if (k)
			goto out;
		0;
	});
	memcpy(p, word, sizeof word);
out:
	printf("%d: '%s'\n", k, p);
	free(p);
}

int main(void)
{
	run(0);
	run(1);
	return 0;
}
