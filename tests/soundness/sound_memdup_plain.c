/* expect: rewritten
 * sound: malloc(n), NULL check, memcpy of n bytes from a parameter that
 *   nothing writes in between; the block is returned.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *dup_bytes(const char *s, size_t n)
{
	char *p = malloc(n); // site
	if (p == NULL)
		return NULL;
	memcpy(p, s, n);
	return p;
}

int main(void)
{
	char buf[] = "plain memdup";
	char *d = dup_bytes(buf, sizeof buf);
	if (!d)
		return 1;
	buf[0] = 'X';
	printf("%s %s\n", d, buf);
	free(d);
	return 0;
}
