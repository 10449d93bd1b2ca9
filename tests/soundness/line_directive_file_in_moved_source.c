/* expect: refused
 * trap: a #line between the allocation and the copy renames the file, and
 *   the copy's source is __FILE__: written again at the allocation, before
 *   the #line, it would be the file's own name.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void)
{
	char *f = malloc(6); // site
	if (!f)
		return 1;
#line 40 "xyz.c"
	memcpy(f, __FILE__, 6);
	printf("%.5s\n", f);
	free(f);
	return 0;
}
