/* expect: rewritten
 * trap: none: 'n' is defined as the local 'k', whose address is never
 *   taken; a store through a pointer between the definition and the
 *   allocation writes 'other', which cannot be k. The look-alike of
 *   size_definition_operand_written_through_pointer.c.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char word[] = "abcdefgh";

int main(int argc, char **argv)
{
	size_t k = (size_t)argc + 2;
	size_t other = 0;
	size_t *po = &other;
	size_t n = k;
	(void)argv;
	*po = 5;
	char *p = calloc(n, 1); // site
	if (!p)
		return 1;
	memcpy(p, word, k);
	for (size_t i = 0; i < n; i++)
		putchar(p[i] ? p[i] : '.');
	printf(" %zu\n", other);
	free(p);
	return 0;
}
