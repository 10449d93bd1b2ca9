/* expect: refused
 * trap: the allocation's size 'n' is a local initialised with the global
 *   'width' (8); another block of the function declares a local 'width' (3).
 *   The keys of names are their spellings, so substituting n's definition
 *   and then 'width' by the local's initialiser made the allocation's size
 *   read 3, equal to the copy's literal 3: memdup copied 8 bytes where the
 *   original copied 3 into a zeroed block of 8.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static size_t width = 8;
static const char word[] = "abcdefgh";

static void show(const char *p, size_t n)
{
	for (size_t i = 0; i < n; i++)
		putchar(p[i] ? p[i] : '.');
	putchar('\n');
}

int main(void)
{
	size_t n = width;
	char *p = calloc(n, 1); // site
	if (!p)
		return 1;
	memcpy(p, word, 3);
	show(p, n);
	free(p);
	{
		size_t width = 3;
		show(word, width);
	}
	return 0;
}
