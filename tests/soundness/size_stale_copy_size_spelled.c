/* expect: refused
 * trap: the allocation's size is a local holding strlen(s) + 1 from
 *   before s changed; the copy spells strlen(s) + 1 anew. They look equal
 *   through the definition, and are not.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void)
{
	const char *s = "a rather long string";
	size_t n = strlen(s) + 1;
	s = "tiny";
	char *p = malloc(n); // site
	if (!p)
		return 1;
	memcpy(p, s, strlen(s) + 1);
	memset(p + 5, '.', n - 6);
	p[n - 1] = '\0';
	puts(p);
	free(p);
	return 0;
}
