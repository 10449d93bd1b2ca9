/* expect: any
 * trap: the program asks the compiler the size of the block each
 *   reallocation returns (__builtin_dynamic_object_size), known from
 *   realloc's alloc_size attribute; the grow must tell it the same size.
 */
#include <stdio.h>
#include <stdlib.h>

int main(void)
{
	char *s = NULL;
	size_t len = 0, sum = 0;

	for (int i = 0; i < 100; i++) {
		char *t = realloc(s, len + 2); // site
		if (!t) {
			free(s);
			return 1;
		}
		s = t;
		sum += __builtin_dynamic_object_size(s, 0);
		s[len++] = 'a';
		s[len] = '\0';
	}
	printf("%zu %zu\n", len, sum);
	free(s);
	return 0;
}
