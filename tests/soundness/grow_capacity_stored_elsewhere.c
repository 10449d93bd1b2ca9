/* expect: any
 * trap: the grown block is handed to a function that reallocs it by its
 *   own exact-size bookkeeping and writes its last byte.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
struct buf {
	char *p;
	size_t cap;
};

static void shrink_to(struct buf *b, size_t n)
{
	char *t = realloc(b->p, n);
	if (t) {
		b->p = t;
		b->cap = n;
	}
}

int main(void)
{
	struct buf b = { NULL, 0 };
	for (size_t i = 0; i < 100; i++) {
		char *t = realloc(b.p, i + 1); // site
		if (!t) {
			free(b.p);
			return 1;
		}
		b.p = t;
		b.cap = i + 1;
		b.p[i] = (char)('a' + i % 26);
	}
	shrink_to(&b, 10);
	b.p[9] = 0;
	printf("%s %zu\n", b.p, b.cap);
	free(b.p);
	return 0;
}
