/* expect: refused
 * trap: '#pragma push_macro("memcpy")', a counting memcpy macro, and the
 *   pop after the function: the copy is the macro, not the library's call.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int n_copies;
#pragma push_macro("memcpy")
#undef memcpy
#define memcpy(d, s, n) (n_copies++, (memcpy)((d), (s), (n)))

static char *dup_counted(const char *s, size_t n)
{
	char *p = malloc(n); // site
	if (!p)
		return NULL;
	memcpy(p, s, n);
	return p;
}
#pragma pop_macro("memcpy")

int main(void)
{
	char *d = dup_counted("push", 5);
	if (!d)
		return 1;
	printf("%s %d\n", d, n_copies);
	free(d);
	return 0;
}
