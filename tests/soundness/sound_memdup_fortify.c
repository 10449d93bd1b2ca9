/* expect: rewritten
 * flags: -D_FORTIFY_SOURCE=2
 * sound: under _FORTIFY_SOURCE memcpy is glibc's inline checking wrapper;
 *   the site is the same malloc + memcpy of one size.
 */
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

int main(void)
{
	char buf[] = "fortified";
	char *d = dup_bytes(buf, sizeof buf);
	if (!d)
		return 1;
	buf[0] = 'X';
	printf("%s %s\n", d, buf);
	free(d);
	return 0;
}
