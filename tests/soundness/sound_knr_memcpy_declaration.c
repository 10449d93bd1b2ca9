/* expect: rewritten
 * sound: the unit declares memcpy and strlen itself, K&R style (no
 *   prototype), instead of including <string.h>: the calls still bind to
 *   the library's functions, and the memdup copies the same bytes.
 */
#include <stdio.h>
#include <stdlib.h>

void *memcpy();
size_t strlen();

static char *dup_knr(const char *s)
{
	size_t n = strlen(s) + 1;
	char *p = malloc(n); // site
	if (!p)
		return NULL;
	memcpy(p, s, n);
	return p;
}

int main(void)
{
	char *p = dup_knr("unprototyped");
	if (!p)
		return 1;
	printf("%s\n", p);
	free(p);
	return 0;
}
