/* expect: refused
 * trap: the loop reads malloc_usable_size of the grown block: a geometric
 *   grow changes the capacity the program prints.
 */
#define _GNU_SOURCE
#include <malloc.h>
#include <stdio.h>
#include <stdlib.h>

int main(void)
{
	char *v = NULL;
	size_t total = 0;
	for (int i = 0; i < 200; i++) {
		char *t = realloc(v, (size_t)(i + 1) * 40); // site
		if (!t) {
			free(v);
			return 1;
		}
		v = t;
		v[i] = (char)i;
		total += malloc_usable_size(v) / 1000;
	}
	printf("%zu\n", total);
	free(v);
	return 0;
}
