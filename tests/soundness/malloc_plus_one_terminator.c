/* expect: any
 * trap: a look-alike: malloc(n + 1), a copy of n bytes and a terminator
 *   written after the copy (the strndup shape).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char text[] = "prefix-and-rest";

int main(void)
{
	size_t n = 6;
	char *p = malloc(n + 1); // site
	if (!p)
		return 1;
	memcpy(p, text, n);
	p[n] = '\0';
	printf("%s\n", p);
	free(p);
	return 0;
}
