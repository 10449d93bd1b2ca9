/* expect: rewritten
 * sound: the allocation is cast ((char *)malloc(n)).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *dup_cast(const char *s, size_t n)
{
	char *p = (char *)malloc(n); // site
	if (!p)
		return NULL;
	memcpy(p, s, n);
	return p;
}

int main(void)
{
	char s[] = "cast";
	char *d = dup_cast(s, sizeof s);
	if (!d)
		return 1;
	s[0] = 'C';
	printf("%s %s\n", d, s);
	free(d);
	return 0;
}
