/* expect: refused
 * trap: the length of a VLA type in sizeof stores into the source through
 *   a pointer parameter: evaluated, though it sits in sizeof.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *dup_after(char *s, size_t n)
{
	char *p = malloc(n); // site
	if (!p)
		return NULL;
	(void)sizeof(int[(s[1] = 'Z') != 0]);
	memcpy(p, s, n);
	return p;
}

int main(void)
{
	char buf[] = "abcdef";
	char *d = dup_after(buf, sizeof buf);
	if (!d)
		return 1;
	printf("%s %s\n", d, buf);
	free(d);
	return 0;
}
