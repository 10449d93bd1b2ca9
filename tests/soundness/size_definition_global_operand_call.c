/* expect: refused
 * trap: 'n' is defined as the file's 'width' (8); a call before the
 *   allocation sets width to 3. n still holds 8, but read through its
 *   definition it is 'width', the copy's size: memdup copied 8 bytes where
 *   the original copied 3 into a zeroed block of 8.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static size_t width = 8;
static const char word[] = "abcdefgh";

static void narrow(void)
{
	width = 3;
}

int main(void)
{
	size_t n = width;
	narrow();
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
