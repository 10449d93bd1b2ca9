/* expect: any
 * trap: the size variable is changed through a pointer by a call between
 *   allocation and copy.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
static void shrink(size_t *n) { *n = 3; }
int main(void)
{
	const char s[] = "abcdefgh";
	size_t n = sizeof s;
	char *c = malloc(n); // site
	if (!c)
		return 1;
	shrink(&n);
	memcpy(c, s, n);
	c[3] = 0;
	printf("%s %zu\n", c, n);
	free(c);
	return 0;
}
