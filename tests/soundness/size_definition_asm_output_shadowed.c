/* expect: refused
 * trap: 'n' is declared in two blocks, each its own variable; the second
 *   is initialised with 3 and an asm statement stores 8 into it through an
 *   output operand. Told apart by its declaration, n was taken for 3, equal
 *   to the copy's literal: memdup copied 8 bytes where the original copied
 *   3 into a zeroed block of 8.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char word[] = "abcdefgh";

int main(void)
{
	{
		size_t n = 2;
		printf("%.*s\n", (int)n, word);
	}
	{
		size_t n = 3;
		__asm__("" : "=r"(n) : "0"((size_t)8));
		char *p = calloc(n, 1); // site
		if (!p)
			return 1;
		memcpy(p, word, 3);
		for (size_t i = 0; i < n; i++)
			putchar(p[i] ? p[i] : '.');
		putchar('\n');
		free(p);
	}
	return 0;
}
