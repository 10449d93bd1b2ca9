/* expect: any
 * trap: the source array is 16 bytes initialised by "abc" and later
 *   written past its terminator: strcpy copies 4 bytes, sizeof is 16.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void)
{
	static char name[16] = "abc";
	name[6] = 'Z';
	char *c = calloc(1, sizeof name); // site
	if (!c)
		return 1;
	strcpy(c, name);
	printf("%s %d\n", c, c[6]);
	free(c);
	return 0;
}
