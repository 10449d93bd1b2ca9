/* expect: refused
 * trap: a backward goto forms a loop whose body holds the allocation, a
 *   write of the source and the copy; the write sits between allocation and
 *   copy on every pass.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void)
{
	char buf[] = "pass-";
	int i = 0;
top:;
	char *p = malloc(sizeof buf); // site
	if (!p)
		return 1;
	buf[4] = (char)('a' + i);
	memcpy(p, buf, sizeof buf);
	printf("%s\n", p);
	free(p);
	if (++i < 3)
		goto top;
	return 0;
}
