/* expect: rewritten
 * trap: none: an asm statement stores through an output operand, but into
 *   'seed', not the size: 'n' is defined once (3) and nothing else writes
 *   it, so it is 3 at the allocation, as the copy's literal. The look-alike
 *   of size_definition_asm_output.c.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char word[] = "abcdefgh";

int main(void)
{
	size_t n = 3, seed = 0;
	__asm__("" : "=r"(seed) : "0"((size_t)8));
	char *p = calloc(n, 1); // site
	if (!p)
		return 1;
	memcpy(p, word, 3);
	for (size_t i = 0; i < n; i++)
		putchar(p[i] ? p[i] : '.');
	printf(" %zu\n", seed);
	free(p);
	return 0;
}
