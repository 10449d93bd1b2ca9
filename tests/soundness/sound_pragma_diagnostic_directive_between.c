/* expect: rewritten
 * sound: #pragma GCC diagnostic directives between the allocation and the
 *   copy change warnings only, as the _Pragma operator does.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *dup_quiet(const char *s, size_t n)
{
	char *p = malloc(n); // site
	if (!p)
		return NULL;
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wcast-qual"
	memcpy(p, (char *)s, n);
#pragma GCC diagnostic pop
	return p;
}

int main(void)
{
	char *d = dup_quiet("diagnostic", 11);
	if (!d)
		return 1;
	printf("%s\n", d);
	free(d);
	return 0;
}
