/* expect: no-share
 * trap: the copy's address compared with the source's after an offset
 *   (c + 1 == text + 1): a shared copy of read-only bytes is the source
 *   itself. S4 under another spelling.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char text[] = "where am I";

int main(void)
{
	char *c = malloc(sizeof text); // site

	if (!c)
		return 1;
	memcpy(c, text, sizeof text);
	printf("%s: %s\n", c, c + 1 == text + 1 ? "the source itself" : "a copy");
	free(c);
	return 0;
}
