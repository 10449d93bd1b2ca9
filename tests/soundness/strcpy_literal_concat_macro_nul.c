/* expect: any
 * trap: the literal is two macros concatenated, the first ending in "\0":
 *   strcpy copies 2 bytes of a 5-byte literal into a zeroed block.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#define HEAD "a\0"
#define TAIL "xy"

int main(void)
{
	char *c = calloc(1, sizeof HEAD TAIL); // site
	if (!c)
		return 1;
	strcpy(c, HEAD TAIL);
	printf("%d %d %d %d\n", c[0], c[1], c[2], c[3]);
	free(c);
	return 0;
}
