/* expect: refused
 * trap: the new (zeroed) block is read between the allocation and the copy:
 *   it holds zeros there, the copied bytes after a memdup.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char word[] = "read";

int main(void)
{
	char *p = calloc(sizeof word, 1); // site

	if (!p)
		return 1;
	printf("before: %d\n", p[0]);
	memcpy(p, word, sizeof word);
	printf("after: %s\n", p);
	free(p);
	return 0;
}
