/* expect: refused
 * trap: the source is written through a pointer into its middle
 *   (mid = buf + 2), a different base name than the copy's source.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void)
{
	char buf[] = "offset";
	char *mid = buf + 2;
	char *p = malloc(sizeof buf); // site

	if (!p)
		return 1;
	mid[0] = '_';
	memcpy(p, buf, sizeof buf);
	printf("%s\n", p);
	free(p);
	return 0;
}
