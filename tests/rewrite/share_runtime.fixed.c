// allocscan-args: --rules share_runtime.rules.json
/* A runtime whose arrays share their buffers copy-on-write, as Ruby's do:
 * every write goes through ary_modify, which gives a shared array a buffer
 * of its own first. A copy of a whole array (ary_new_from_values of its
 * length and elements) becomes a share (ary_subseq), as the pack says. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct buf {
	long refs;
	long elems[];
};

struct ary {
	struct buf *b;
	const long *ptr;
	long len;
};

static long made;

static long ary_len(const struct ary *a)
{
	return a->len;
}

static const long *ary_ptr(const struct ary *a)
{
	return a->ptr;
}

static struct ary *ary_wrap(struct buf *b, const long *ptr, long len)
{
	struct ary *a = malloc(sizeof *a);

	if (!a)
		exit(1);
	a->b = b;
	a->ptr = ptr;
	a->len = len;
	return a;
}

static struct ary *ary_new_from_values(long n, const long *v)
{
	struct buf *b = malloc(sizeof *b + (size_t)n * sizeof(long));

	if (!b)
		exit(1);
	b->refs = 1;
	for (long i = 0; i < n; i++)
		b->elems[i] = v[i];
	made++;
	return ary_wrap(b, b->elems, n);
}

static struct ary *ary_subseq(struct ary *a, long beg, long len)
{
	if (beg < 0 || len < 0 || beg > a->len)
		return NULL;
	if (len > a->len - beg)
		len = a->len - beg;
	a->b->refs++;
	return ary_wrap(a->b, a->ptr + beg, len);
}

static void ary_release(struct buf *b)
{
	if (--b->refs == 0)
		free(b);
}

static void ary_modify(struct ary *a)
{
	struct ary *own;

	if (a->b->refs == 1)
		return;
	own = ary_new_from_values(a->len, a->ptr);
	ary_release(a->b);
	a->b = own->b;
	a->ptr = own->ptr;
	free(own);
}

static void ary_set(struct ary *a, long i, long v)
{
	ary_modify(a);
	a->b->elems[a->ptr - a->b->elems + i] = v;
}

static void ary_free(struct ary *a)
{
	ary_release(a->b);
	free(a);
}

/* rb_ary_resurrect before Ruby shared the buffer: once per literal. */
static struct ary *resurrect(struct ary *lit)
{
	// ruleid: object-copy fix: share
	return ary_subseq(lit, 0, ary_len(lit));
}

static struct ary *resurrect_locals(struct ary *lit)
{
	long n = ary_len(lit);
	const long *p = ary_ptr(lit);

	if (n > 0 && p[0] < 0)
		return NULL;
	// ruleid: object-copy fix: share
	return ary_subseq(lit, 0, n);
}

static void print(const char *what, const struct ary *a)
{
	printf("%s:", what);
	for (long i = 0; i < a->len; i++)
		printf(" %ld", a->ptr[i]);
	printf("\n");
}

int main(void)
{
	static const long values[] = { 1, 2, 3, 4, 5, 6 };
	struct ary *lit = ary_new_from_values(6, values), *copies[4];

	copies[0] = ary_subseq(lit, 2, 10);
	print("tail", copies[0]);
	ary_free(copies[0]);
	for (int i = 0; i < 4; i++)
		copies[i] = i % 2 ? resurrect(lit) : resurrect_locals(lit);
	ary_set(copies[1], 0, 10);
	ary_set(copies[2], 5, 60);
	print("literal", lit);
	for (int i = 0; i < 4; i++)
		print("copy", copies[i]);
	for (int i = 0; i < 4; i++)
		ary_free(copies[i]);
	ary_free(lit);
	printf("buffers made: %s\n", made >= 3 ? "at least 3" : "fewer");
	return 0;
}
