/* expect: rewritten
 * sound: a copy of a static const string read only by strlen, strcmp and
 *   strncmp, then freed.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char text[] = "compare me";

int main(void)
{
	char *c = malloc(sizeof text); // site
	if (!c)
		return 1;
	memcpy(c, text, sizeof text);
	printf("%zu %d %d\n", strlen(c), strcmp(c, "compare me") == 0, strncmp(c, "comp", 4) == 0);
	free(c);
	return 0;
}
