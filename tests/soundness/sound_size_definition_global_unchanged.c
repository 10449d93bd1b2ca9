/* expect: rewritten
 * trap: none: 'n' is defined as the file's 'width' and nothing runs between
 *   the definition and the allocation that could store to width (no call,
 *   no store through a pointer), so n is width there, the copy's size. The
 *   look-alike of size_definition_global_operand_call.c.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static size_t width = 3;
static const char word[] = "abcdefgh";

int main(void)
{
	size_t n = width;
	char *p = calloc(n, 1); // site
	if (!p)
		return 1;
	memcpy(p, word, width);
	for (size_t i = 0; i < n; i++)
		putchar(p[i] ? p[i] : '.');
	putchar('\n');
	free(p);
	return 0;
}
