/* expect: refused
 * trap: the cast that reads the block's address as a number is in a
 *   helper of the unit, not in the function that reallocates: main asks
 *   where() for the address before and after the call and counts the
 *   moves. A geometric grow moves the block less often: the count printed
 *   changes.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define ROUNDS 64

static uintptr_t where(const void *block)
{
	return (uintptr_t)block;
}

int main(void)
{
	char *p = NULL;
	void *pins[ROUNDS];
	int moves = 0;

	for (int i = 0; i < ROUNDS; i++) {
		uintptr_t before = where(p);
		char *q = realloc(p, (size_t)i * 48 + 48); // site

		if (!q) {
			free(p);
			return 1;
		}
		moves += where(q) != before;
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
