/* expect: any
 * trap: the copy is one byte shorter than the block; the last byte is
 *   written later, past the copied bytes.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
int main(void)
{
	const char *s = "hello world";
	size_t n = strlen(s);
	char *c = malloc(n + 2); // site
	if (!c)
		return 1;
	memcpy(c, s, n + 1);
	c[n] = '!';
	c[n + 1] = 0;
	printf("%s\n", c);
	free(c);
	return 0;
}
