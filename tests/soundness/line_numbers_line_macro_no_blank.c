/* expect: refused
 * trap: no blank line follows the last include, and the #line before it
 *   names a macro: no #line written after the inserted include could give
 *   the next line its number back, so the include would move every later
 *   line down one and __LINE__ after the site would change.
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
