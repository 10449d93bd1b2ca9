/* expect: refused
 * trap: 'n' is defined as 'k' (8) before a loop; in the loop, one arm of
 *   an if sets k to 3 and the other holds the pair. The arms exclude each
 *   other on one pass, not across passes: on the second pass n still holds
 *   8 but, read through its definition, it is 'k', the copy's size, and
 *   memdup copied 8 bytes where the original copied 3 into a zeroed block
 *   of 8.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char word[] = "abcdefgh";

int main(int argc, char **argv)
{
	size_t k = (size_t)argc + 7;
	size_t n = k;

	(void)argv;
	for (int round = 0; round < 2; round++) {
		if (round == 0) {
			k = 3;
		} else {
			char *p = calloc(n, 1); // site
			if (!p)
				return 1;
			memcpy(p, word, k);
			for (size_t i = 0; i < n; i++)
				putchar(p[i] ? p[i] : '.');
			putchar('\n');
			free(p);
		}
	}
	return 0;
}
