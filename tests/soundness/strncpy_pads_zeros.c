/* expect: any
 * trap: strncpy of a short literal into 8 bytes copies 3 and pads with
 *   zeros: neither a copy of 8 bytes of the literal nor of 3 keeps that.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void)
{
	char *c = malloc(8); // site
	if (!c)
		return 1;
	strncpy(c, "ab", 8);
	printf("%s %d %d\n", c, c[5], c[7]);
	free(c);
	return 0;
}
