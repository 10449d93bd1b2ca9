#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "trap_kept_header.h"
#include <asrt/asrt.h>
/* Kept copies in a struct declared in a header: other units may use the
 * field, so the copies stay memdup. */
static const long table[4] = { 1, 2, 3, 4 };

static int fill(struct list *l, int copies)
{
	l->v = calloc((size_t)copies, sizeof *l->v);
	if (!l->v)
		return -1;
	for (; l->n < copies; l->n++) {
		// ruleid: alloc-copy fix: memdup
		long *c = asrt_memdup_at(table, sizeof table, "trap_kept_header.c:18");
		if (!c)
			return -1;

		l->v[l->n] = c;
	}
	return 0;
}

static long sum(const struct list *l)
{
	long s = 0;
	for (int i = 0; i < l->n; i++)
		s += l->v[i][0] + l->v[i][3];
	return s;
}

static void drop(struct list *l)
{
	for (int i = 0; i < l->n; i++)
		free(l->v[i]);
	free(l->v);
}

int main(void)
{
	struct list l = { NULL, 0 };
	if (fill(&l, 8)) {
		drop(&l);
		return 1;
	}
	l.v[1][2] = 30;
	printf("%ld\n", sum(&l));
	drop(&l);
	return 0;
}
