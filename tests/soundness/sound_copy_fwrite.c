/* expect: rewritten
 * sound: a copy of a static const table written out with fwrite only.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char text[] = "written by fwrite\n";

int main(void)
{
	char *c = malloc(sizeof text); // site
	if (!c)
		return 1;
	memcpy(c, text, sizeof text);
	fwrite(c, 1, sizeof text - 1, stdout);
	free(c);
	return 0;
}
