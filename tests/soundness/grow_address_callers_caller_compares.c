/* expect: refused
 * trap: grow_address_caller_compares one call further: push() regrows
 *   the buffer by one byte per call (a per-call grower), fill() calls it
 *   in a loop, and main, which calls fill(), prints the buffer's address
 *   before and after each fill with %p and counts the moves. A geometric
 *   grow moves the block less often: the count printed changes.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define ROUNDS 64

struct buf {
	char *data;
	size_t len;
};

static int push(struct buf *b, char c)
{
	char *q = realloc(b->data, b->len + 1); // site

	if (!q)
		return -1;
	b->data = q;
	b->data[b->len++] = c;
	return 0;
}

static int fill(struct buf *b, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (push(b, 'x'))
			return -1;
	return 0;
}

int main(void)
{
	struct buf b = { NULL, 0 };
	void *pins[ROUNDS];
	int moves = 0;

	for (int i = 0; i < ROUNDS; i++) {
		char before[32], after[32];

		snprintf(before, sizeof before, "%p", (void *)b.data);
		if (fill(&b, 48))
			return 1;
		snprintf(after, sizeof after, "%p", (void *)b.data);
		moves += strcmp(before, after) != 0;
		/* A small block after it keeps the next realloc from growing in place. */
		pins[i] = malloc(16);
	}
	/* glibc's realloc moves 24 times of 64, a sanitizer's every time, asrt_grow
	 * 4 times: only the grow falls under half the glibc count. */
	printf("moves often: %d\n", moves > 12);
	for (int i = 0; i < ROUNDS; i++)
		free(pins[i]);
	free(b.data);
	return 0;
}
