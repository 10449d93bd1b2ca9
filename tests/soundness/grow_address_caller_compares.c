/* expect: refused
 * trap: the reallocation is in a helper (G6: the churn is its caller's),
 *   and the caller, not the helper, looks at where the block lies: it
 *   prints the address before and after each call with %p and counts the
 *   moves. A geometric grow in the helper moves the block less often: the
 *   count printed changes.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define ROUNDS 64

static char *widen(char *p, size_t n)
{
	return realloc(p, n);
}

int main(void)
{
	char *p = NULL;
	void *pins[ROUNDS];
	int moves = 0;

	for (int i = 0; i < ROUNDS; i++) {
		char before[32], after[32];

		snprintf(before, sizeof before, "%p", (void *)p);
		char *q = widen(p, (size_t)i * 48 + 48); // site

		if (!q) {
			free(p);
			return 1;
		}
		snprintf(after, sizeof after, "%p", (void *)q);
		moves += strcmp(before, after) != 0;
		p = q;
		p[i] = 'x';
		/* A small block after it keeps the next realloc from growing in place. */
		pins[i] = malloc(16);
	}
	/* glibc's realloc moves 24 times of 64, a sanitizer's every time, asrt_grow
	 * 4 times: only the grow falls under half the glibc count. */
	printf("moves often: %d\n", moves > 12);
	for (int i = 0; i < ROUNDS; i++)
		free(pins[i]);
	free(p);
	return 0;
}
