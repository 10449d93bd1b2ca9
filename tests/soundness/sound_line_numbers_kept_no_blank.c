/* expect: rewritten
 * sound: no blank line follows the last include, and a #line before it
 *   renumbers the file: the include is followed by a #line that gives the
 *   next line its number back, counted from the file's own #line, so
 *   __LINE__ after the site expands as before (issue 36).
 */
#line 200
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
static int line_before(void) { return __LINE__; }
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
	printf("%s %d %d %d\n", p, line_before(), line_after(), __LINE__);
	free(p);
	return 0;
}
