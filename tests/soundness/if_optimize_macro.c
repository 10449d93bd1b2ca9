/* expect: refused
 * trap: `#ifdef __OPTIMIZE__` between the allocation and the copy: defined
 *   by the optimised build (-O1), not when the file is parsed without -O.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void)
{
	char buf[] = "optimised";
	char *p = malloc(sizeof buf); // site

	if (!p)
		return 1;
#ifdef __OPTIMIZE__
	buf[0] = 'O';
#endif
	memcpy(p, buf, sizeof buf);
	printf("%s\n", p);
	free(p);
	return 0;
}
