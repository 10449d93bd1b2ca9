#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <asrt/asrt.h>
/* The copy is made straight into a field the caller holds, and the caller
 * writes it: a shared copy would be written in read-only memory, so it
 * stays memdup. */
static const long table[4] = { 1, 2, 3, 4 };

struct box {
	long *p;
};

static int fill(struct box *b)
{
	// ruleid: alloc-copy fix: memdup
	b->p = asrt_memdup_at(table, sizeof table, "trap_kept_direct.c:17");
	if (b->p == NULL)
		return -1;

	return 0;
}

int main(void)
{
	struct box b;
	if (fill(&b))
		return 1;
	b.p[0] = 9;
	printf("%ld %ld\n", b.p[0], b.p[3]);
	free(b.p);
	return 0;
}
