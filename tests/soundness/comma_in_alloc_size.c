/* expect: any
 * trap: the allocation's size is a comma expression with a side effect
 *   ((allocs++, n)); a memdup that uses the copy's size text drops it.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char word[] = "comma size";

int main(void)
{
	size_t n = sizeof word;
	int allocs = 0;
	char *p = malloc((allocs++, n)); // site

	if (!p)
		return 1;
	memcpy(p, word, n);
	printf("%s allocs=%d\n", p, allocs);
	free(p);
	return 0;
}
