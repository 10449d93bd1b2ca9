/* expect: rewritten
 * sound: strlen of the source between the allocation and the copy (it only
 *   reads the source), kept in a local. (Stored through the out-parameter
 *   there, it could write the source: *len may point into it.)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *copy_counted(const char *s, size_t n, size_t *len)
{
	char *p = malloc(n); // site
	if (!p)
		return NULL;
	size_t l = strlen(s);
	memcpy(p, s, n);
	*len = l;
	return p;
}

int main(void)
{
	char buf[] = "counted bytes";
	size_t len = 0;
	char *d = copy_counted(buf, sizeof buf, &len);
	if (!d)
		return 1;
	printf("%s %zu\n", d, len);
	free(d);
	return 0;
}
