/* expect: no-share
 * trap: __atomic_store_n(p, 'W', ...) writes through the copy with no
 *   call (clang's AtomicExpr, which libclang leaves unexposed) and no
 *   operator: the share walk took the unexposed expression for a
 *   conversion and the copy for read only (SIGSEGV once shared).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char word[] = "word";

static int show(void)
{
	char *p = malloc(sizeof word); // site

	if (!p)
		return 1;
	memcpy(p, word, sizeof word);
	__atomic_store_n(p, 'W', __ATOMIC_RELAXED);
	printf("%s\n", p);
	free(p);
	return 0;
}

int main(void)
{
	if (show() || show())
		return 1;
	printf("%s\n", word);
	return 0;
}
