/* expect: any
 * trap: the allocation is a project macro that also counts allocations:
 *   replacing the invocation by memdup drops the count.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int allocs;
#define ALLOC(n) (allocs++, malloc(n))

static const char word[] = "counted";

int main(void)
{
	char *p = ALLOC(sizeof word); // site
	if (!p)
		return 1;
	memcpy(p, word, sizeof word);
	printf("%s allocs=%d\n", p, allocs);
	free(p);
	return 0;
}
