/* expect: rewritten
 * sound: a .c file wrapped whole in an include guard: the runtime include
 *   goes inside the guard, after the last include.
 */
#ifndef WHOLE_FILE_GUARD
#define WHOLE_FILE_GUARD
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
#endif
