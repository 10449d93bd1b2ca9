/* expect: rewritten
 * sound: strsep tokenises another buffer after the copy; the source is a
 *   parameter nothing writes between allocation and copy.
 */
#define _DEFAULT_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *dup_n(const char *s, size_t n)
{
	char line[] = "k=v";
	char *cur = line;
	char *p = malloc(n); // site
	if (!p)
		return NULL;
	memcpy(p, s, n);
	strsep(&cur, "=");
	printf("%s %s\n", line, cur);
	return p;
}

int main(void)
{
	char buf[] = "other buffer";
	char *d = dup_n(buf, sizeof buf);
	if (!d)
		return 1;
	buf[0] = 'X';
	printf("%s %s\n", d, buf);
	free(d);
	return 0;
}
