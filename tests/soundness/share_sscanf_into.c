/* expect: no-share
 * trap: sscanf writes through its trailing arguments.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
static const char text[] = "abcdefgh";
int main(void)
{
	char *c = malloc(sizeof text); // site
	if (!c)
		return 1;
	memcpy(c, text, sizeof text);
	if (sscanf("zz", "%2s", c) != 1)
		return 1;
	printf("%s %s\n", c, text);
	free(c);
	return 0;
}
