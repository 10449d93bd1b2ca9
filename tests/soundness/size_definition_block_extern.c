/* expect: refused
 * trap: 'width' is declared in main with 'extern': it is the file's
 *   variable, not a local. Its one assignment in main (3) was taken for its
 *   value at the allocation, though reset() sets it to 8 in between: the
 *   sizes 'width' and 3 looked equal, and memdup copied 8 bytes where the
 *   original copied 3 into a zeroed block of 8.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

size_t width = 8;
static const char word[] = "abcdefgh";

static void reset(void)
{
	width = 8;
}

int main(void)
{
	extern size_t width;
	width = 3;
	reset();
	char *p = calloc(width, 1); // site
	if (!p)
		return 1;
	memcpy(p, word, 3);
	for (size_t i = 0; i < 8; i++)
		putchar(p[i] ? p[i] : '.');
	putchar('\n');
	free(p);
	return 0;
}
