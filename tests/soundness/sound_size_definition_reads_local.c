/* expect: rewritten
 * trap: none: the allocation's size 'n' is defined from the local 'width'
 *   (3), the one the name reads there, so n is 3 as the copy's literal is;
 *   a global of another name is read elsewhere. The look-alike of
 *   size_definition_names_other_local.c, whose 'width' was the file's.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static size_t total = 8;
static const char word[] = "abcdefgh";

int main(void)
{
	size_t width = 3;
	size_t n = width;
	char *p = calloc(n, 1); // site
	if (!p)
		return 1;
	memcpy(p, word, 3);
	for (size_t i = 0; i < n; i++)
		putchar(p[i] ? p[i] : '.');
	printf(" %zu\n", total);
	free(p);
	return 0;
}
