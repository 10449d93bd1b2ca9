/* expect: rewritten
 * sound: lower-case object-like macros named like common parameter names
 *   (n, src, p, site, len) are defined before the includes: the runtime's
 *   header inserted after them must still compile.
 */
#define n 12
#define src "parameter names"
#define p (void)0
#define site 4
#define len 5
#define lo 1
#define r 2
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void)
{
	char buf[] = src;
	char *c = malloc(sizeof buf); // site
	if (!c)
		return 1;
	memcpy(c, buf, sizeof buf);
	buf[0] = 'X';
	printf("%s %s %d\n", c, buf, n + site + len + lo + r);
	free(c);
	return 0;
}
