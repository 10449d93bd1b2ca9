/* expect: any
 * trap: the allocation's size increments n: the copy's n is one more.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void)
{
	const char src[] = "abcdefgh";
	size_t n = 4;
	char *c = malloc(n++ + 1); // site
	if (!c)
		return 1;
	memcpy(c, src, n);
	printf("%.*s %zu\n", (int)n, c, n);
	free(c);
	return 0;
}
