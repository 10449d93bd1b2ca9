/* expect: refused
 * trap: the program counts how often realloc moves its block, comparing
 *   the addresses as integers taken before the call (no use of a freed
 *   pointer). A geometric grow leaves room at the end of the block, so it
 *   moves far less often (4 moves of 64, 24 before): the count printed
 *   changes. A grow changes what the allocator does, which a program can
 *   see by the addresses it returns, not only through malloc_usable_size.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define ROUNDS 64

int main(void)
{
	char *p = NULL;
	void *pins[ROUNDS];
	int moves = 0;

	for (int i = 0; i < ROUNDS; i++) {
		uintptr_t before = (uintptr_t)p;
		char *q = realloc(p, (size_t)i * 48 + 48); // site

		if (!q) {
			free(p);
			return 1;
		}
		if ((uintptr_t)q != before)
			moves++;
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
