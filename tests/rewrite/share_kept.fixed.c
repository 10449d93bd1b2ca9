#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <asrt/asrt.h>
/* The seed's list of kept literal copies (bench_duparray's "keep" shape):
 * each copy is stored into an element of a field of a struct this file
 * defines, read, a few written, all freed. Every access to the field is in
 * this unit, so the copies are shared: the writes make their element
 * private first, the frees release. */
static const long small[4] = { 1, 2, 3, 4 };
static const long large[32] = { 5, 6, 7, 8, 9 };

struct lists {
	long **small;
	long **large;
	long n;
};

static int fill(struct lists *l, long copies)
{
	l->small = calloc((size_t)copies, sizeof *l->small);
	l->large = calloc((size_t)copies, sizeof *l->large);
	if (l->small == NULL || l->large == NULL)
		return -1;
	for (; l->n < copies; l->n++) {
		// ruleid: alloc-copy fix: share
		long *s = asrt_cow_share_at(small, sizeof small, "share_kept.c:27");
		if (s == NULL)
			return -1;

		// ruleid: alloc-copy fix: share
		long *g = asrt_cow_share_at(large, sizeof large, "share_kept.c:32");
		if (g == NULL) {
			asrt_cow_release_at(s, "share_kept.c:27");
			return -1;
		}

		l->small[l->n] = s;
		l->large[l->n] = g;
	}
	return 0;
}

static long sum(const struct lists *l)
{
	long v = 0;
	for (long i = 0; i < l->n; i++) {
		if (!l->small[i] || l->large[i] == NULL)
			continue;
		for (int j = 0; j < 4; j++)
			v += l->small[i][j] * (j + 1);
		v += *l->large[i] + l->large[i][31];
	}
	return v;
}

static void write_some(struct lists *l)
{
	for (long i = 0; i < l->n; i += 7) {
		l->small[i] = asrt_cow_mut_or_abort_at(l->small[i], sizeof small, "share_kept.c:27"); l->small[i][i % 4] = -i;
		l->large[i] = asrt_cow_mut_or_abort_at(l->large[i], sizeof large, "share_kept.c:32"); l->large[i][31] += i;
		l->small[i] = asrt_cow_mut_or_abort_at(l->small[i], sizeof small, "share_kept.c:27"); (*l->small[i])++;
	}
}

static void drop(struct lists *l)
{
	for (long i = 0; i < l->n; i++) {
		asrt_cow_release_at(l->small[i], "share_kept.c:27");
		asrt_cow_release_at(l->large[i], "share_kept.c:32");
	}
	free(l->small);
	free(l->large);
}

int main(void)
{
	struct lists l = { .small = NULL, .large = NULL, .n = 0 };
	long before, after;
	if (fill(&l, 50)) {
		drop(&l);
		return 1;
	}
	before = sum(&l);
	write_some(&l);
	after = sum(&l);
	printf("%ld %ld %ld %ld\n", before, after, l.small[0][0], l.large[7][31]);
	drop(&l);
	return 0;
}
