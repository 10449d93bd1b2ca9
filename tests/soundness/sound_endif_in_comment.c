/* expect: rewritten
 * sound: lines inside a block comment between the allocation and the copy
 *   start with #if and #endif; they are comment text, not directives.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void)
{
	static const char src[] = "original";
	char *p = malloc(sizeof src); // site
	if (!p)
		return 1;
	/* the old code was
#if 0
	p[0] = 'x';
#endif
	   and is gone. */
	memcpy(p, src, sizeof src);
	puts(p);
	free(p);
	return 0;
}
