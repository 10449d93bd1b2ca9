/* expect: any
 * trap: strcpy from "abc" + 1 copies 3 bytes of a 4-byte block sized by
 *   sizeof "abc": a copy of sizeof bytes from the offset reads past the
 *   literal.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void)
{
	char *c = calloc(1, sizeof "abc"); // site
	if (!c)
		return 1;
	strcpy(c, "abc" + 1);
	printf("%s %d\n", c, c[3]);
	free(c);
	return 0;
}
