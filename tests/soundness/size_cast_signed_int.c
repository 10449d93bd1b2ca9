/* expect: refused
 * trap: a size_t narrowed to int and back (a value-changing conversion in general).
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
	memcpy(p, text, (int)n);
	memset(p + (int)n, '-', n - (int)n);
	fwrite(p, 1, n, stdout);
	putchar('\n');
	free(p);
	return 0;
}
