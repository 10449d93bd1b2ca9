/* expect: any
 * trap: the loop counts how often realloc moved the block (comparing the
 *   result with the old pointer) and prints the count.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

int main(void)
{
	char *v = NULL;
	int moves = 0;
	for (size_t i = 0; i < 4000; i++) {
		uintptr_t old = (uintptr_t)v;
		char *t = realloc(v, i + 1); // site
		if (!t) {
			free(v);
			return 1;
		}
		moves += (uintptr_t)t != old;
		v = t;
		v[i] = 'm';
	}
	printf("%d\n", moves > 200);
	free(v);
	return 0;
}
