/* expect: any
 * trap: the regrow size goes through a _Bool: (_Bool)(i & 1) is 0 every
 *   other step, where realloc(p, 0) frees the block and returns NULL.
 */
#include <stdio.h>
#include <stdbool.h>
#include <stdlib.h>

int main(void)
{
	char *buf = NULL;
	int nulls = 0;

	for (int i = 1; i < 12; i++) {
		bool more = i & 1;
		char *t = realloc(buf, more + (size_t)0); // site
		if (!t) {
			nulls++;
			buf = NULL;
			continue;
		}
		buf = t;
		buf[0] = 'x';
	}
	printf("nulls %d\n", nulls);
	free(buf);
	return 0;
}
