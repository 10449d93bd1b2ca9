/* expect: rewritten
 * trap: (sound) an unsigned int widened to size_t at the copy, converted implicitly at the allocation.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char text[300];

int main(void)
{
	unsigned n = 300;
	memset(text, 'x', sizeof text);
	char *p = malloc(n); // site
	if (!p)
		return 1;
	memcpy(p, text, (size_t)n);
	memset(p + (size_t)n, '-', n - (size_t)n);
	fwrite(p, 1, n, stdout);
	putchar('\n');
	free(p);
	return 0;
}
