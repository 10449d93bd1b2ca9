/* expect: refused
 * trap: the copy's size is '(unsigned char)n': 300 narrowed to 44; a memdup of the narrowed size leaves the block short.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char text[300];

int main(void)
{
	size_t n = 300;
	memset(text, 'x', sizeof text);
	char *p = malloc(n); // site
	if (!p)
		return 1;
	memcpy(p, text, (unsigned char)n);
	memset(p + (unsigned char)n, '-', n - (unsigned char)n);
	fwrite(p, 1, n, stdout);
	putchar('\n');
	free(p);
	return 0;
}
