/* expect: refused
 * trap: 'n' is defined as 'k' (8) once, before a label; after the pair, k
 *   becomes 3 and a goto goes back to the label. On the second pass n
 *   still holds 8 but, read through its definition, it is 'k', the copy's
 *   size: memdup copied 8 bytes where the original copied 3 into a zeroed
 *   block of 8. A loop made of a goto is a loop too.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char word[] = "abcdefgh";

int main(int argc, char **argv)
{
	size_t k = (size_t)argc + 7;
	size_t n = k;
	int round = 0;

	(void)argv;
again:
	{
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
