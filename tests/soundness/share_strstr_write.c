/* expect: no-share
 * trap: written through strstr's result, which points into the copy.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
static const char text[] = "name=value; path=/";

int main(void)
{
	char *c = malloc(sizeof text); // site
	if (!c)
		return 1;
	memcpy(c, text, sizeof text);
	char *semi = strstr(c, "; ");
	if (semi)
		semi[0] = '\0';
	printf("%s\n", c);
	free(c);
	return 0;
}
