/* expect: rewritten
 * trap: none: one arm of an if sets k, the other holds the pair, and no
 *   loop comes back: on the path to the allocation k is still n's value.
 *   The look-alike of size_definition_other_arm_in_loop.c.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char word[] = "abcdefgh";

int main(int argc, char **argv)
{
	size_t k = (size_t)argc + 2;
	size_t n = k;

	(void)argv;
	if (argc > 5) {
		k = 1;
		printf("%zu\n", k);
	} else {
		char *p = calloc(n, 1); // site
		if (!p)
			return 1;
		memcpy(p, word, k);
		for (size_t i = 0; i < n; i++)
			putchar(p[i] ? p[i] : '.');
		putchar('\n');
		free(p);
	}
	return 0;
}
