/* expect: rewritten
 * sound: the look-alike of alias_atomic_builtin_store_between: the atomic
 *   store to the source comes before the allocation, outside the region,
 *   so the memdup copies the bytes the copy did.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void)
{
	char src[] = "atomic";
	char *p;

	__atomic_store_n(&src[0], 65, 0);
	p = malloc(sizeof src); // site
	if (!p)
		return 1;
	memcpy(p, src, sizeof src);
	printf("%s\n", p);
	free(p);
	return 0;
}
