/* expect: any
 * trap: the size local is overwritten by a memcpy into its address
 *   between the allocation and the copy.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void)
{
	const char src[] = "abcdefgh";
	size_t n = 8, m = 3;
	char *c = calloc(1, n + 1); // site
	if (!c)
		return 1;
	memcpy(&n, &m, sizeof n);
	memcpy(c, src, n);
	printf("%s\n", c);
	free(c);
	return 0;
}
