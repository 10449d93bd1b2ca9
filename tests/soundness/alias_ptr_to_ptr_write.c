/* expect: refused
 * trap: the source's bytes are written through a pointer to the source
 *   pointer ((*pp)[0]) between the allocation and the copy.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void)
{
	char buf[] = "double";
	char *src = buf;
	char **pp = &src;
	char *p = malloc(sizeof buf); // site

	if (!p)
		return 1;
	(*pp)[0] = 'D';
	memcpy(p, src, sizeof buf);
	printf("%s\n", p);
	free(p);
	return 0;
}
