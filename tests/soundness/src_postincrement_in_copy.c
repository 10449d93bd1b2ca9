/* expect: any
 * trap: the copy's source expression increments a cursor: removing the
 *   copy must keep the increment.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void)
{
	const char buf[] = "0123456789";
	const char *cur = buf;
	char *c = malloc(4); // site
	if (!c)
		return 1;
	memcpy(c, cur++, 4);
	printf("%.4s %s\n", c, cur);
	free(c);
	return 0;
}
