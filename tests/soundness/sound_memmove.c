/* expect: rewritten
 * sound: memmove into a fresh block (it cannot overlap the source).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *dup_move(const char *s, size_t n)
{
	char *p = malloc(n); // site
	if (!p)
		return NULL;
	memmove(p, s, n);
	return p;
}

int main(void)
{
	char s[] = "moved, not copied";
	char *d = dup_move(s, sizeof s);
	if (!d)
		return 1;
	s[0] = 'M';
	printf("%s %s\n", d, s);
	free(d);
	return 0;
}
