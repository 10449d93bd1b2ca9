/* expect: refused
 * flags: -Dmalloc=counted_malloc
 * trap: the build's -D makes every malloc the program's counted_malloc,
 *   which keeps a count the program prints: a memdup would allocate with
 *   the library's malloc, and the count would stay 0.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int allocations;

/* stdlib.h declared it: the -D renamed its malloc. */
void *counted_malloc(size_t n)
{
	allocations++;
	return calloc(1, n);
}

int main(void)
{
	static const char src[] = "counted";
	char *p = malloc(sizeof src); // site
	if (!p)
		return 1;
	memcpy(p, src, sizeof src);
	printf("%s %d\n", p, allocations);
	free(p);
	return 0;
}
