/* expect: rewritten
 * sound: the size in a local (n = strlen(s) + 1) used by malloc and memcpy.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *copy_str(const char *s)
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
	char a[] = "length in a local";
	char *d = copy_str(a);
	if (!d)
		return 1;
	a[0] = 'L';
	printf("%s / %s\n", d, a);
	free(d);
	return 0;
}
