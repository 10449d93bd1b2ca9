/* expect: refused
 * trap: allocation, a write of the source and the copy are one comma
 *   expression: the write sits between the allocation and the copy.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void)
{
	char buf[] = "comma";
	char *p;

	p = malloc(sizeof buf), buf[0] = 'C', memcpy(p, buf, sizeof buf); // site
	if (!p)
		return 1;
	printf("%s\n", p);
	free(p);
	return 0;
}
