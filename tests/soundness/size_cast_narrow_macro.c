/* expect: refused
 * trap: the narrowing cast hides in a macro (LOW8(n)); the sizes look alike once casts are stripped.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#define LOW8(x) ((uint8_t)(x))
static char text[300];

int main(void)
{
	size_t n = 300;
	memset(text, 'x', sizeof text);
	char *p = malloc(n); // site
	if (!p)
		return 1;
	memcpy(p, text, LOW8(n));
	memset(p + LOW8(n), '-', n - LOW8(n));
	fwrite(p, 1, n, stdout);
	putchar('\n');
	free(p);
	return 0;
}
