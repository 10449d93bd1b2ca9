/* expect: refused
 * trap: `if (NULL != p)` (operands swapped) guards a write of the source
 *   that happens on success.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void)
{
	char buf[] = "yoda";
	char *p = malloc(sizeof buf); // site

	if (NULL != p)
		buf[0] = 'Y';
	if (NULL == p)
		return 1;
	memcpy(p, buf, sizeof buf);
	printf("%s\n", p);
	free(p);
	return 0;
}
