/* expect: rewritten
 * sound: the size is a const local initialised once.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void)
{
	const char src[] = "const size";
	const size_t n = sizeof src;
	char *p = malloc(n); // site
	if (!p)
		return 1;
	memcpy(p, src, n);
	printf("%s %zu\n", p, n);
	free(p);
	return 0;
}
