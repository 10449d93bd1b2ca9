/* expect: rewritten
 * sound: the file's lines end in CRLF; the rewrite and the inserted
 *   include keep it building.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *dup_crlf(const char *s, size_t n)
{
	char *p = malloc(n); // site
	if (!p)
		return NULL;
	memcpy(p, s, n);
	return p;
}

int main(void)
{
	char buf[] = "crlf \\\r\nfile";
	char *d = dup_crlf(buf, sizeof buf);
	if (!d)
		return 1;
	buf[0] = 'X';
	printf("%s %s\n", d, buf);
	free(d);
	return 0;
}
