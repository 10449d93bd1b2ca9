/* expect: rewritten
 * sound: the size is a pure expression (n * 2 + 1) written the same in both.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void)
{
	char src[] = "0123456789abcdefghij";
	size_t n = 5;
	char *p = malloc(n * 2 + 1); // site
	if (!p)
		return 1;
	memcpy(p, src, n * 2 + 1);
	p[n * 2] = '\0';
	printf("%s\n", p);
	free(p);
	return 0;
}
