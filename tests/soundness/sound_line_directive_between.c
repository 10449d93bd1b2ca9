/* expect: rewritten
 * sound: a #line directive (and GNU's `# N "file"` spelling) between the
 *   allocation and the copy only renumbers the lines after it: the
 *   source and the size read the same values at the allocation.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *dup_line(const char *s, size_t n)
{
	char *p = malloc(n); // site
	if (!p)
		return NULL;
#line 500 "renamed.c"
	memcpy(p, s, n);
	return p;
}

static char *dup_marker(const char *s, size_t n)
{
	char *p = malloc(n); // site
	if (!p)
		return NULL;
# 900 "marker.c"
	memcpy(p, s, n);
	return p;
}

int main(void)
{
	char *a = dup_line("line directive", 15), *b = dup_marker("line marker", 12);
	if (!a || !b)
		return 1;
	printf("%s %s %d\n", a, b, __LINE__ > 900);
	free(a);
	free(b);
	return 0;
}
