/* expect: refused
 * trap: grow_address_helper_function through a function pointer: main
 *   calls the helper that reads the block's address as a number through
 *   a table of operations, never by its name. A geometric grow moves the
 *   block less often: the count printed changes.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define ROUNDS 64

static uintptr_t where(const void *block)
{
	return (uintptr_t)block;
}

static const struct ops {
	uintptr_t (*locate)(const void *);
} ops = { where };

int main(void)
{
	char *p = NULL;
	void *pins[ROUNDS];
	int moves = 0;

	for (int i = 0; i < ROUNDS; i++) {
		uintptr_t before = ops.locate(p);
		char *q = realloc(p, (size_t)i * 48 + 48); // site

		if (!q) {
			free(p);
			return 1;
		}
		moves += ops.locate(q) != before;
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
