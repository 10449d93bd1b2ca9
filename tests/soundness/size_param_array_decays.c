/* expect: any
 * trap: sizeof of a parameter declared as char[16] is the size of a
 *   pointer, not 16.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *dup16(const char s[16])
{
	char *c = calloc(1, 16); // site
	if (!c)
		return NULL;
	memcpy(c, s, sizeof s);
	return c;
}

int main(void)
{
	char *d = dup16("0123456789abcdef");
	if (!d)
		return 1;
	printf("[%.16s] %d\n", d, d[12]);
	free(d);
	return 0;
}
