/* expect: rewritten
 * trap: the feature-test block spelled `#if !defined(_GNU_SOURCE)`, with
 *   a block comment and a splice in it.
 * configs: | -D_GNU_SOURCE
 */
#if !defined(_GNU_SOURCE) /* not set by the build
 #endif (a comment, no directive) */
#  define \
  _GNU_SOURCE 1
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void)
{
	const char *s = "hello";
	size_t n = strlen(s) + 1;
	char *p = malloc(n); // site
	if (!p)
		return 1;
	memcpy(p, s, n);
	p[0] = 'H';
	puts(p);
	free(p);
	return 0;
}
