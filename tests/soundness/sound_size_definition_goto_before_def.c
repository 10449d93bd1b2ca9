/* expect: rewritten
 * trap: none: the goto goes back to a label before n's definition, so
 *   each pass defines n again from k (8, then 3) and n is k at the
 *   allocation on every pass. The look-alike of size_definition_goto_back.c.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char word[] = "abcdefgh";

int main(int argc, char **argv)
{
	size_t k = (size_t)argc + 7;
	int round = 0;

	(void)argv;
again:
	{
		size_t n = k;
		char *p = calloc(n, 1); // site
		if (!p)
			return 1;
		memcpy(p, word, k);
		for (size_t i = 0; i < n; i++)
			putchar(p[i] ? p[i] : '.');
		putchar('\n');
		free(p);
	}
	if (round++ == 0) {
		k = 3;
		goto again;
	}
	return 0;
}
