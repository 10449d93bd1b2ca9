/* expect: refused
 * trap: `#ifndef __clang__` between the allocation and the copy: allocscan
 *   parses with clang and sees nothing there, gcc compiles the write of the
 *   source.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void)
{
	char buf[] = "compiler";
	char *p = malloc(sizeof buf); // site

	if (!p)
		return 1;
#ifndef __clang__
	buf[0] = 'C';
#endif
	memcpy(p, buf, sizeof buf);
	printf("%s\n", p);
	free(p);
	return 0;
}
