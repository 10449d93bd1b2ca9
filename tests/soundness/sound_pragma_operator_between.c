/* expect: rewritten
 * sound: a _Pragma operator (diagnostic push/pop) between the pair says
 *   nothing about the source or the size.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *dup_pragma(const char *s, size_t n)
{
	char *p = malloc(n); // site
	if (!p)
		return NULL;
	_Pragma("GCC diagnostic push")
	_Pragma("GCC diagnostic ignored \"-Wcast-qual\"")
	memcpy(p, s, n);
	_Pragma("GCC diagnostic pop")
	return p;
}

int main(void)
{
	char *d = dup_pragma("pragma operator", 16);
	if (!d)
		return 1;
	printf("%s\n", d);
	free(d);
	return 0;
}
