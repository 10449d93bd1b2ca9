/* expect: no-share
 * trap: sprintf writes into the copy.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
static const char text[] = "template";

int main(void)
{
	char *c = malloc(sizeof text); // site
	if (!c)
		return 1;
	memcpy(c, text, sizeof text);
	sprintf(c, "%.*s", 3, "xyz");
	printf("%s\n", c);
	free(c);
	return 0;
}
