/* expect: rewritten
 * sound: the growth happens in a callback called through a function
 *   pointer; its additive reallocation is sound for any caller.
 */
#include <stdio.h>
#include <stdlib.h>

struct buf {
	char *p;
	size_t len;
};

static int push(struct buf *b, char c)
{
	char *t = realloc(b->p, b->len + 2); // site
	if (!t)
		return -1;
	b->p = t;
	b->p[b->len++] = c;
	b->p[b->len] = '\0';
	return 0;
}

static int each(const char *s, int (*cb)(struct buf *, char), struct buf *b)
{
	for (; *s; s++)
		if (cb(b, *s))
			return -1;
	return 0;
}

int main(void)
{
	struct buf b = { NULL, 0 };
	for (int i = 0; i < 50; i++)
		if (each("callback ", push, &b))
			return 1;
	printf("%zu %.18s\n", b.len, b.p);
	free(b.p);
	return 0;
}
