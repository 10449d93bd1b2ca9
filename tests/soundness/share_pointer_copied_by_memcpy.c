/* expect: no-share
 * trap: the copy's address itself is copied with memcpy into another
 *   pointer variable, which is then written through.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
static const char text[] = "bytes";

int main(void)
{
	char *c = malloc(sizeof text); // site
	if (!c)
		return 1;
	memcpy(c, text, sizeof text);
	char *other;
	memcpy(&other, &c, sizeof c);
	other[0] = 'B';
	printf("%s\n", c);
	free(c);
	return 0;
}
