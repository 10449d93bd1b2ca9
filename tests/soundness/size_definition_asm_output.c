/* expect: refused
 * trap: the size 'n' is defined once (3), but an asm statement stores 8 into
 *   it through an output operand, which no assignment spells: taken for
 *   its definition, n equalled the copy's literal 3, and memdup copied 8
 *   bytes where the original copied 3 into a zeroed block of 8.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char word[] = "abcdefgh";

int main(void)
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
	return 0;
}
