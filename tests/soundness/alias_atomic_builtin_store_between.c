/* expect: refused
 * trap: __atomic_store_n(&src[0], 65, 0) writes the source between the
 *   allocation and the copy with no call and no operator (clang's
 *   AtomicExpr, unexposed by libclang); the region walk read nothing in
 *   it, so a memdup at the allocation copied "atomic" before the store
 *   (was "Atomic"). An expression libclang does not expose counts as a
 *   write.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void)
{
	char src[] = "atomic";
	char *p = malloc(sizeof src); // site

	if (!p)
		return 1;
	__atomic_store_n(&src[0], 65, 0);
	memcpy(p, src, sizeof src);
	printf("%s\n", p);
	free(p);
	return 0;
}
