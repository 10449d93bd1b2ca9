/* expect: rewritten
 * sound: the #line before the includes names a macro, but a blank line
 *   follows the last include: the include takes its place and no line
 *   moves, so the site is still rewritten.
 */
#define FIRST 300
#line FIRST
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *dup_bytes(const char *s, size_t n)
{
	char *p = malloc(n); // site
	if (!p)
		return NULL;
	memcpy(p, s, n);
	return p;
}
static int line_after(void) { return __LINE__; }

int main(void)
{
	char *p = dup_bytes("lines", 6);
	if (!p)
		return 1;
	printf("%s %d %d\n", p, line_after(), __LINE__);
	free(p);
	return 0;
}
