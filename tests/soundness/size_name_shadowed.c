/* expect: any
 * trap: the copy's size `n` is the outer variable; at the allocation an
 *   inner `n` shadows it (the allocation itself uses a literal size).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char word[] = "shadow";

int main(void)
{
	size_t n = sizeof word;
	char *p = calloc(8, 1);
	char *q;
	{
		size_t n = 3;
		q = calloc(sizeof word, 1); // site
		if (!q || !p)
			return 1;
		memcpy(p, word, n);
	}
	memcpy(q, word, n);
	printf("%s %s\n", p, q);
	free(p);
	free(q);
	return 0;
}
