/* expect: refused
 * trap: 'n' is defined as 'k' (8); k's address was taken before that, and
 *   a store through the pointer sets k to 3 before the allocation. n still
 *   holds 8, but read through its definition it is 'k', the copy's size:
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
	size_t *pk = &k;
	size_t n = k;
	(void)argv;
	*pk = 3;
	char *p = calloc(n, 1); // site
	if (!p)
		return 1;
	memcpy(p, word, k);
	for (size_t i = 0; i < n; i++)
		putchar(p[i] ? p[i] : '.');
	putchar('\n');
	free(p);
	return 0;
}
