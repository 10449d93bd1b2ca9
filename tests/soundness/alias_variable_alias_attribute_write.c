/* expect: refused
 * trap: an alias attribute names the source array under another name
 *   (GCC and clang allow it on variables, as an asm label does): a store
 *   to other[0] between the allocation and the copy writes buf, which the
 *   copy reads. Two array variables are distinct storage only when
 *   neither names the other's symbol.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

char buf[8] = "aliased";
extern char other[8] __attribute__((alias("buf")));

int main(void)
{
	char *p = malloc(sizeof buf); // site

	if (!p)
		return 1;
	other[0] = 'A';
	memcpy(p, buf, sizeof buf);
	printf("%s\n", p);
	free(p);
	return 0;
}
