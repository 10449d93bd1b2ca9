/* expect: any
 * trap: a u8 literal with an embedded \x00: strcpy stops there.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void)
{
	char *c = calloc(1, sizeof u8"ok\x00zz"); // site
	if (!c)
		return 1;
	strcpy(c, u8"ok\x00zz");
	printf("%d %d %d\n", c[2], c[3], c[4]);
	free(c);
	return 0;
}
