/* expect: rewritten
 * sound: an alias of the new block is made only after the copy, and written
 *   there (no effect on the region).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void)
{
	char s[] = "alias after";
	char *p = malloc(sizeof s); // site
	if (!p)
		return 1;
	memcpy(p, s, sizeof s);
	char *q = p;
	q[0] = 'A';
	printf("%s %s\n", p, s);
	free(p);
	return 0;
}
