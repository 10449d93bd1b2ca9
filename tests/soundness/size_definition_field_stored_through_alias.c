/* expect: refused
 * trap: 'n' is defined as 'a->len' (8); a store through 'b', which points
 *   at the same struct, sets len to 3 before the allocation. n still holds
 *   8, but read through its definition it is 'a->len', the copy's size:
 *   memdup copied 8 bytes where the original copied 3 into a zeroed block
 *   of 8.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct text {
	size_t len;
	const char *bytes;
};

static const char word[] = "abcdefgh";

static void show(struct text *a, struct text *b)
{
	size_t n = a->len;
	b->len = 3;
	char *p = calloc(n, 1); // site
	if (!p)
		return;
	memcpy(p, a->bytes, a->len);
	for (size_t i = 0; i < n; i++)
		putchar(p[i] ? p[i] : '.');
	putchar('\n');
	free(p);
}

int main(void)
{
	struct text t = { 8, word };

	show(&t, &t);
	return 0;
}
