/* expect: refused
 * trap: the block's address read as a number through a union (C11
 *   6.5.2.3: reading another member reinterprets the bytes), no cast and
 *   no address taken: the program stores the pointer before and after
 *   the reallocation and compares the integers. A geometric grow moves
 *   the block less often: the count printed changes.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define ROUNDS 64

union where {
	char *ptr;
	uintptr_t bits;
};

int main(void)
{
	char *p = NULL;
	void *pins[ROUNDS];
	int moves = 0;

	for (int i = 0; i < ROUNDS; i++) {
		union where old = { .ptr = p }, now;
		uintptr_t before = old.bits;
		char *q = realloc(p, (size_t)i * 48 + 48); // site

		if (!q) {
			free(p);
			return 1;
		}
		now.ptr = q;
		moves += now.bits != before;
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
