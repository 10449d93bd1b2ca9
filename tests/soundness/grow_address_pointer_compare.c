/* expect: refused
 * trap: the common idiom for "did realloc move it": the result compared
 *   with the old pointer (q != p), an alias kept in a struct refreshed
 *   only on a move. No integer, no cast. A geometric grow moves the block
 *   less often, so the refreshes counted change. (C11 calls the old value
 *   indeterminate once the block moved; every compiler compares its bits,
 *   and real code does this to fix up interior pointers.)
 */
#include <stdio.h>
#include <stdlib.h>

#define ROUNDS 64

struct view {
	char *base;
	int refreshed;
};

int main(void)
{
	struct view v = { NULL, 0 };
	char *p = NULL;
	void *pins[ROUNDS];

	for (int i = 0; i < ROUNDS; i++) {
		char *q = realloc(p, (size_t)i * 48 + 48); // site

		if (!q) {
			free(p);
			return 1;
		}
		if (q != v.base) {
			v.base = q;
			v.refreshed++;
		}
		p = q;
		p[i] = 'x';
		/* A small block after it keeps the next realloc from growing in place. */
		pins[i] = malloc(16);
	}
	/* glibc's realloc moves 24 times of 64, a sanitizer's every time, asrt_grow
	 * 4 times: only the grow falls under half the glibc count. */
	printf("moves often: %d %c\n", v.refreshed > 12, v.base[63]);
	for (int i = 0; i < ROUNDS; i++)
		free(pins[i]);
	free(p);
	return 0;
}
