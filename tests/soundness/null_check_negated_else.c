/* expect: refused
 * trap: the else of `if (!p)` is the success path; the source is written
 *   there.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void)
{
	char buf[] = "negated";
	char *p = malloc(sizeof buf); // site

	if (!p)
		return 1;
	else
		buf[0] = 'N';
	memcpy(p, buf, sizeof buf);
	printf("%s\n", p);
	free(p);
	return 0;
}
