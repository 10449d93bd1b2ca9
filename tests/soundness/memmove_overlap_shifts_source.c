/* expect: refused
 * trap: memmove within the source between the pair (overlapping ranges)
 *   shifts its bytes before the copy.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *dup_shifted(char *s, size_t n)
{
	char *p = malloc(n); // site
	if (!p)
		return NULL;
	memmove(s + 1, s, 3);
	memcpy(p, s, n);
	return p;
}

int main(void)
{
	char buf[] = "abcdef";
	char *d = dup_shifted(buf, sizeof buf);
	if (!d)
		return 1;
	printf("%s %s\n", d, buf);
	free(d);
	return 0;
}
