/* expect: refused
 * trap: an asm statement between the allocation and the copy stores 3 into
 *   the size 'n' through an output operand: the original allocates 8 bytes
 *   (zeroed) and copies 3; memdup evaluates n at the allocation and copied 8.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char word[] = "abcdefgh";

int main(int argc, char **argv)
{
	size_t n = (size_t)argc + 7;
	(void)argv;
	char *p = calloc(n, 1); // site
	if (!p)
		return 1;
	__asm__("" : "=r"(n) : "0"((size_t)3));
	memcpy(p, word, n);
	for (size_t i = 0; i < 8; i++)
		putchar(p[i] ? p[i] : '.');
	putchar('\n');
	free(p);
	return 0;
}
