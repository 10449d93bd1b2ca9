/* expect: refused
 * trap: strchr (read-only) returns a pointer into the source; a store
 *   through it between the allocation and the copy writes the source.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *dup_upper_b(char *s, size_t n)
{
	char *p = malloc(n); // site
	if (!p)
		return NULL;
	char *q = strchr(s, 'b');
	if (q)
		*q = 'B';
	memcpy(p, s, n);
	return p;
}

int main(void)
{
	char text[] = "abc";
	char *p = dup_upper_b(text, sizeof text);
	if (!p)
		return 1;
	printf("%s\n", p);
	free(p);
	return 0;
}
