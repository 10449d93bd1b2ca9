/* expect: no-share
 * trap: a stored share whose size expression names a mutable static among
 *   constants ('base + extra'): the static changes before the write.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char text[] = "abcdefgh";
enum { base = 4 };
static int extra = (int)sizeof text - 4;

struct box {
	char **items;
};

static void scribble(struct box *b)
{
	b->items[0][0] = 'Z';
}

int main(void)
{
	struct box b;
	b.items = malloc(sizeof *b.items);
	if (!b.items)
		return 1;
	char *c = malloc((size_t)(base + extra)); // site
	if (!c)
		return 1;
	memcpy(c, text, (size_t)(base + extra));
	b.items[0] = c;
	extra = -2;
	scribble(&b);
	printf("%s\n", b.items[0]);
	free(b.items[0]);
	free(b.items);
	return 0;
}
