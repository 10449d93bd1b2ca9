/* expect: refused
 * trap: a _Generic selection between the pair whose chosen association
 *   stores into the source.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void)
{
	char buf[] = "generic";
	char *p = malloc(sizeof buf); // site
	if (!p)
		return 1;
	char *s = buf;
	(void)_Generic(s, char *: (s[0] = 'G'), default: 0);
	memcpy(p, buf, sizeof buf);
	printf("%s %s\n", p, buf);
	free(p);
	return 0;
}
