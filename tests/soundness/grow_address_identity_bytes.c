/* expect: refused
 * trap: the look-alike of grow_address_identity_moves with no integer:
 *   the bytes of the pointer kept before the realloc (old) are compared
 *   with the result's by memcmp, which reads their object
 *   representations. A geometric grow moves the block less often: the
 *   count printed changes.
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
		char *old = p;
		char *q = realloc(p, (size_t)i * 48 + 48); // site

		if (!q) {
			free(p);
			return 1;
		}
		moves += memcmp(&old, &q, sizeof q) != 0;
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
