/* expect: any
 * trap: after its includes the file poisons identifiers it must not use
 *   (#pragma GCC poison): the runtime's header must not be inserted after.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#pragma GCC poison uintptr_t

int main(void)
{
	char buf[] = "poisoned";
	char *c = malloc(sizeof buf); // site
	if (!c)
		return 1;
	memcpy(c, buf, sizeof buf);
	buf[0] = 'X';
	printf("%s %s\n", c, buf);
	free(c);
	return 0;
}
