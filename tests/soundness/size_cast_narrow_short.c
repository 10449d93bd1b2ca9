/* expect: refused
 * trap: a narrowing to unsigned short of a size above 65535 (70000 becomes 4464).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
static char big[70000];
#define text big


int main(void)
{
	size_t n = 70000;
	memset(text, 'x', sizeof text);
	char *p = malloc(n); // site
	if (!p)
		return 1;
	memcpy(p, text, (unsigned short)n);
	memset(p + (unsigned short)n, '-', n - (unsigned short)n);
	fwrite(p, 1, n, stdout);
	putchar('\n');
	free(p);
	return 0;
}
