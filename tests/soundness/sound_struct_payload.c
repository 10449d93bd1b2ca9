/* expect: rewritten
 * sound: a struct copied into a fresh block of its size.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct point {
	int x, y, z;
};

static struct point *clone(const struct point *o)
{
	struct point *q = malloc(sizeof *q); // site
	if (!q)
		return NULL;
	memcpy(q, o, sizeof *q);
	return q;
}

int main(void)
{
	struct point a = { 1, 2, 3 };
	struct point *b = clone(&a);
	if (!b)
		return 1;
	a.x = 100;
	printf("%d %d %d / %d\n", b->x, b->y, b->z, a.x);
	free(b);
	return 0;
}
