/* expect: refused
 * trap: no blank line follows the last include, and the #line before it
 *   is inside a conditional block: which number the next line has depends
 *   on the configuration, so no one #line after the inserted include gives
 *   it back in both; the include would move every later line down one.
 * configs: | -DRENUMBER
 */
#ifdef RENUMBER
#line 700
#endif
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
