/* expect: refused
 * trap: the look-alike of grow_address_identity_moves under other names:
 *   the block's address is kept in a copy of the pointer taken before the
 *   reallocation (old) and compared, as an integer, with a copy of its
 *   result (now). A geometric grow moves the block less often: the count
 *   printed changes.
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
		uintptr_t old = (uintptr_t)(void *)p;
		char *q = realloc(p, (size_t)i * 48 + 48); // site
		char *now = q;

		if (!q) {
			free(p);
			return 1;
		}
		moves += old != (uintptr_t)now;
		p = q;
		p[i] = 'x';
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
