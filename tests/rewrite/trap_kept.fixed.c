#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <asrt/asrt.h>
/* Kept copies of a constant table, one field per trap: each field's copies
 * are used once in a way the stored-copy analysis cannot follow, so every
 * site stays memdup with that use as its reason. */
static const long table[4] = { 1, 2, 3, 4 };

struct lists {
	long **writer;  /* an element passed to a function writing through long * */
	long **cleared; /* an element passed to memset */
	long **alias;   /* an element kept in a second pointer, written through it */
	long **moved;   /* the field's address taken */
	long **grown;   /* an element reallocated */
	long **mixed;   /* a plain block stored into the field too */
	long **offset;  /* reached through offsetof */
	int n;
};

static void bump(long *p)
{
	p[1] += 10;
}

static void swap_first(long ***v)
{
	long *t = (*v)[0];
	(*v)[0] = (*v)[1];
	(*v)[1] = t;
	(*v)[1][0] = 7;
}

static int fill(struct lists *l, int copies)
{
	l->writer = calloc((size_t)copies, sizeof *l->writer);
	l->cleared = calloc((size_t)copies, sizeof *l->cleared);
	l->alias = calloc((size_t)copies, sizeof *l->alias);
	l->moved = calloc((size_t)copies, sizeof *l->moved);
	l->grown = calloc((size_t)copies, sizeof *l->grown);
	l->mixed = calloc((size_t)copies, sizeof *l->mixed);
	l->offset = calloc((size_t)copies, sizeof *l->offset);
	if (!l->writer || !l->cleared || !l->alias || !l->moved || !l->grown || !l->mixed || !l->offset)
		return -1;
	for (; l->n < copies; l->n++) {
		// ruleid: alloc-copy fix: memdup
		long *w = asrt_memdup_at(table, sizeof table, "trap_kept.c:48");
		if (!w)
			return -1;

		l->writer[l->n] = w;
		// ruleid: alloc-copy fix: memdup
		long *c = asrt_memdup_at(table, sizeof table, "trap_kept.c:54");
		if (!c)
			return -1;

		l->cleared[l->n] = c;
		// ruleid: alloc-copy fix: memdup
		long *a = asrt_memdup_at(table, sizeof table, "trap_kept.c:60");
		if (!a)
			return -1;

		l->alias[l->n] = a;
		// ruleid: alloc-copy fix: memdup
		long *m = asrt_memdup_at(table, sizeof table, "trap_kept.c:66");
		if (!m)
			return -1;

		l->moved[l->n] = m;
		// ruleid: alloc-copy fix: memdup
		long *g = asrt_memdup_at(table, sizeof table, "trap_kept.c:72");
		if (!g)
			return -1;

		l->grown[l->n] = g;
		// ruleid: alloc-copy fix: memdup
		long *x = asrt_memdup_at(table, sizeof table, "trap_kept.c:78");
		if (!x)
			return -1;

		l->mixed[l->n] = x;
		// ruleid: alloc-copy fix: memdup
		long *o = asrt_memdup_at(table, sizeof table, "trap_kept.c:84");
		if (!o)
			return -1;

		l->offset[l->n] = o;
	}
	return 0;
}

/* Every element read and freed in place: only the traps in main refuse. */
static long sum(const struct lists *l)
{
	long s = 0;
	for (int i = 0; i < l->n; i++)
		s += l->writer[i][1] + 2 * l->cleared[i][1] + 3 * l->alias[i][3] + 4 * l->moved[i][0] +
		     5 * l->grown[i][1] + 6 * l->mixed[i][0] + 7 * l->offset[i][2];
	return s;
}

static void drop_all(struct lists *l)
{
	for (int i = 0; i < l->n; i++) {
		free(l->writer[i]);
		free(l->cleared[i]);
		free(l->alias[i]);
		free(l->moved[i]);
		free(l->grown[i]);
		free(l->mixed[i]);
		free(l->offset[i]);
	}
	free(l->writer);
	free(l->cleared);
	free(l->alias);
	free(l->moved);
	free(l->grown);
	free(l->mixed);
	free(l->offset);
}

int main(void)
{
	struct lists l = { NULL, NULL, NULL, NULL, NULL, NULL, NULL, 0 };
	long *first, *longer, ***at;
	if (fill(&l, 8)) {
		drop_all(&l);
		return 1;
	}
	bump(l.writer[2]);
	memset(l.cleared[5], 0, sizeof table);
	first = l.alias[0];
	first[3] = 40;
	swap_first(&l.moved);
	longer = realloc(l.grown[4], 2 * sizeof table);
	if (!longer) {
		drop_all(&l);
		return 1;
	}
	l.grown[4] = longer;
	longer[1] = 8;
	free(l.mixed[6]);
	l.mixed[6] = calloc(4, sizeof table[0]);
	if (!l.mixed[6]) {
		drop_all(&l);
		return 1;
	}
	at = (long ***)((char *)&l + offsetof(struct lists, offset));
	(*at)[3][2] = 9;
	printf("%ld\n", sum(&l));
	drop_all(&l);
	return 0;
}
