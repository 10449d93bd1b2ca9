/* expect: rewritten
 * flags: -D_FORTIFY_SOURCE=3
 * sound: under _FORTIFY_SOURCE the string functions are glibc's inline
 *   wrappers, which ask the compiler for object sizes; they are the
 *   library's own code, not the program asking a block's capacity, so the
 *   grow loop is still rewritten. The look-alike of
 *   grow_capacity_query_system_header_pragma.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void)
{
	char *buf = NULL;
	size_t len = 0;

	for (int i = 0; i < 40; i++) {
		char *t = realloc(buf, len + 2); // site
		if (!t) {
			free(buf);
			return 1;
		}
		buf = t;
		memcpy(buf + len, "x", 2);
		len++;
	}
	printf("%zu %zu\n", len, strlen(buf));
	free(buf);
	return 0;
}
