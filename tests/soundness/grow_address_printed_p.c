/* expect: refused
 * trap: the program counts how often realloc moves its block without
 *   turning a pointer into an integer: it prints each address with %p
 *   (the old one before the call, while it is valid, the new one after)
 *   and compares the texts. A geometric grow moves the block less often,
 *   so the count printed changes (G9 under another spelling: the
 *   conversion is printf's, not a cast).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define ROUNDS 64

int main(void)
{
	char *p = NULL;
	void *pins[ROUNDS];
	int moves = 0;

	for (int i = 0; i < ROUNDS; i++) {
		char before[32], after[32];

		snprintf(before, sizeof before, "%p", (void *)p);
		char *q = realloc(p, (size_t)i * 48 + 48); // site

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
