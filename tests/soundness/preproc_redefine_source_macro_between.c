/* expect: refused
 * trap: the copy's source is a macro redefined between the allocation and
 *   the copy; the memdup would write SRC at the allocation, where it still
 *   names the first buffer.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char first[8] = "first..";
static char second[8] = "second.";
#define SRC first

int main(void)
{
	char *p = malloc(8); // site
	if (!p)
		return 1;
#undef SRC
#define SRC second
	memcpy(p, SRC, 8);
	printf("%.8s\n", p);
	free(p);
	return 0;
}
