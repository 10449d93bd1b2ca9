#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <asrt/asrt.h>
/* Copies of a constant table kept in a list: not shared (they escape), so
 * the free on the error path must stay a free of the memdup'd block. */
static const long table[4] = { 1, 2, 3, 4 };
static const long big[64] = { 5 };

struct lists {
	long *small[8];
	long *large[8];
	int n;
};

static int fill(struct lists *l, int copies)
{
	for (; l->n < copies; l->n++) {
		// ruleid: alloc-copy fix: memdup
		long *s = asrt_memdup_at(table, sizeof table, "trap_kept_error_path.c:20");
		if (s == NULL)
			return -1;

		// ruleid: alloc-copy fix: memdup
		long *g = asrt_memdup_at(big, sizeof big, "trap_kept_error_path.c:25");
		if (g == NULL) {
			free(s);
			return -1;
		}

		l->small[l->n] = s;
		l->large[l->n] = g;
	}
	return 0;
}

int main(void)
{
	struct lists l = { { 0 }, { 0 }, 0 };
	long sum = 0;
	if (fill(&l, 8))
		return 1;
	l.small[3][1] = 40;
	for (int i = 0; i < l.n; i++) {
		sum += l.small[i][1] + l.large[i][0];
		free(l.small[i]);
		free(l.large[i]);
	}
	printf("%ld\n", sum);
	return 0;
}
