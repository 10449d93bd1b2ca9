#include "as_diff.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define CONTEXT 3

struct line {
	const char *p;
	size_t n; /* bytes, newline included when there is one */
	uint64_t h;
};

struct lines {
	struct line *v;
	size_t n;
};

/* Splits text into lines; the last one may lack a newline. */
static int split(const char *t, size_t len, struct lines *out)
{
	size_t n = 0, i, start;

	for (i = 0; i < len; i++)
		if (t[i] == '\n')
			n++;
	if (len && t[len - 1] != '\n')
		n++;
	out->n = 0;
	out->v = malloc((n ? n : 1) * sizeof *out->v);
	if (!out->v)
		return -1;
	start = 0;
	for (i = 0; i < len; i++) {
		if (t[i] == '\n' || i + 1 == len) {
			struct line *l = &out->v[out->n++];
			uint64_t h = 14695981039346656037ull;

			l->p = t + start;
			l->n = i + 1 - start;
			for (size_t j = 0; j < l->n; j++)
				h = (h ^ (unsigned char)l->p[j]) * 1099511628211ull;
			l->h = h;
			start = i + 1;
		}
	}
	return 0;
}

/* A file name as GNU diff and git write it so that patch reads it back: in
 * C quotes with escapes when it holds a quote, a backslash or a control
 * character; followed by a tab (patch's end of the name) when it holds a
 * space; else as it is. */
static void put_label(FILE *out, const char *prefix, const char *name)
{
	int quote = 0, space = 0;

	for (const unsigned char *p = (const unsigned char *)name; *p; p++) {
		quote |= *p < 0x20 || *p == 0x7f || *p == '"' || *p == '\\';
		space |= *p == ' ';
	}
	fputs(prefix, out);
	if (!quote) {
		fprintf(out, "%s%s\n", name, space ? "\t" : "");
		return;
	}
	fputc('"', out);
	for (const unsigned char *p = (const unsigned char *)name; *p; p++) {
		switch (*p) {
		case '"': fputs("\\\"", out); break;
		case '\\': fputs("\\\\", out); break;
		case '\t': fputs("\\t", out); break;
		case '\n': fputs("\\n", out); break;
		default:
			if (*p < 0x20 || *p == 0x7f)
				fprintf(out, "\\%03o", *p);
			else
				fputc(*p, out);
		}
	}
	fputs("\"\n", out);
}

static int line_eq(const struct line *x, const struct line *y)
{
	return x->h == y->h && x->n == y->n && memcmp(x->p, y->p, x->n) == 0;
}

/* Myers' greedy forward search over a[0, n) and b[0, m), then a walk back
 * through the saved frontiers. Writes the edit script to ops (at most n + m
 * entries: 'e' equal, 'd' delete a line of a, 'i' insert a line of b) and
 * returns its length, or -1 if out of memory. */
static long myers(const struct line *a, long n, const struct line *b, long m, char *ops)
{
	long max = n + m, d, k, x, y, D = -1, len = 0;
	int *v, *trace;

	if (max > AS_DIFF_MAX_D)
		max = AS_DIFF_MAX_D;
	v = malloc((size_t)(2 * max + 3) * sizeof *v);
	trace = malloc((size_t)(max + 1) * (size_t)(max + 1) * sizeof *trace);
	if (!v || !trace) {
		free(v);
		free(trace);
		return -1;
	}
#define V(k) v[(k) + max + 1]
#define T(d, k) trace[(d) * (d) + (k) + (d)]
	V(1) = 0;
	for (d = 0; d <= max && D < 0; d++) {
		for (k = -d; k <= d; k += 2) {
			if (k == -d || (k != d && V(k - 1) < V(k + 1)))
				x = V(k + 1);
			else
				x = V(k - 1) + 1;
			y = x - k;
			while (x < n && y < m && line_eq(&a[x], &b[y])) {
				x++;
				y++;
			}
			V(k) = (int)x;
			if (x >= n && y >= m)
				D = d;
		}
		for (k = -d; k <= d; k++)
			T(d, k) = V(k);
	}
	if (D < 0) {
		/* Too different: one replacement of the whole middle. */
		for (x = 0; x < n; x++)
			ops[len++] = 'd';
		for (y = 0; y < m; y++)
			ops[len++] = 'i';
		free(v);
		free(trace);
		return len;
	}
	/* Walk back from (n, m), writing the script reversed. */
	x = n;
	y = m;
	for (d = D; d > 0; d--) {
		long pk, px, py, mx;

		k = x - y;
		if (k == -d || (k != d && T(d - 1, k - 1) < T(d - 1, k + 1)))
			pk = k + 1;
		else
			pk = k - 1;
		px = T(d - 1, pk);
		py = px - pk;
		mx = pk == k + 1 ? px : px + 1;
		while (x > mx) {
			ops[len++] = 'e';
			x--;
			y--;
		}
		ops[len++] = pk == k + 1 ? 'i' : 'd';
		x = px;
		y = py;
	}
	while (x > 0) {
		ops[len++] = 'e';
		x--;
	}
#undef V
#undef T
	for (long i = 0, j = len - 1; i < j; i++, j--) {
		char c = ops[i];

		ops[i] = ops[j];
		ops[j] = c;
	}
	free(v);
	free(trace);
	return len;
}

static void put_line(FILE *out, char tag, const struct line *l)
{
	fputc(tag, out);
	fwrite(l->p, 1, l->n, out);
	if (l->p[l->n - 1] != '\n')
		fputs("\n\\ No newline at end of file\n", out);
}

/* "l,n" as diff -u writes it: n omitted when 1; l the line before the
 * range when n is 0. */
static void put_range(FILE *out, size_t start, size_t count)
{
	if (count == 1)
		fprintf(out, "%zu", start + 1);
	else if (count == 0)
		fprintf(out, "%zu,0", start);
	else
		fprintf(out, "%zu,%zu", start + 1, count);
}

/* Writes the hunk covering ops[hs, he), which starts at line ai of a and bi
 * of b. */
static void put_hunk(FILE *out, const struct lines *A, const struct lines *B, const char *ops,
		     size_t hs, size_t he, size_t ai, size_t bi)
{
	size_t na = 0, nb = 0, k;

	for (k = hs; k < he; k++) {
		na += ops[k] != 'i';
		nb += ops[k] != 'd';
	}
	fputs("@@ -", out);
	put_range(out, ai, na);
	fputs(" +", out);
	put_range(out, bi, nb);
	fputs(" @@\n", out);
	k = hs;
	while (k < he) {
		size_t end, i;

		if (ops[k] == 'e') {
			put_line(out, ' ', &A->v[ai]);
			ai++;
			bi++;
			k++;
			continue;
		}
		/* A run of changes: its deletions, then its insertions. */
		for (end = k; end < he && ops[end] != 'e'; end++)
			;
		for (i = k; i < end; i++)
			if (ops[i] == 'd')
				put_line(out, '-', &A->v[ai++]);
		for (i = k; i < end; i++)
			if (ops[i] == 'i')
				put_line(out, '+', &B->v[bi++]);
		k = end;
	}
}

int as_diff_unified(FILE *out, const char *label_old, const char *label_new, const char *a,
		    size_t alen, const char *b, size_t blen, struct as_error *err)
{
	struct lines A = { 0 }, B = { 0 };
	size_t pre = 0, suf = 0, nops = 0, k, ai, bi;
	char *ops = NULL;
	long mid;
	int rc = -1;

	if (alen == blen && (alen == 0 || memcmp(a, b, alen) == 0))
		return 0;
	if (split(a, alen, &A) < 0 || split(b, blen, &B) < 0) {
		as_error_set(err, "out of memory");
		goto done;
	}
	while (pre < A.n && pre < B.n && line_eq(&A.v[pre], &B.v[pre]))
		pre++;
	while (suf < A.n - pre && suf < B.n - pre && line_eq(&A.v[A.n - 1 - suf], &B.v[B.n - 1 - suf]))
		suf++;
	ops = malloc(A.n + B.n + 1);
	if (!ops) {
		as_error_set(err, "out of memory");
		goto done;
	}
	memset(ops, 'e', pre);
	nops = pre;
	mid = myers(A.v + pre, (long)(A.n - pre - suf), B.v + pre, (long)(B.n - pre - suf), ops + pre);
	if (mid < 0) {
		as_error_set(err, "out of memory");
		goto done;
	}
	nops += (size_t)mid;
	memset(ops + nops, 'e', suf);
	nops += suf;

	put_label(out, "--- ", label_old);
	put_label(out, "+++ ", label_new);
	k = 0;
	ai = bi = 0;
	while (k < nops) {
		size_t run = 0, hs, he, hai, hbi, ctx;

		/* Unchanged lines up to the next change. */
		while (k < nops && ops[k] == 'e') {
			k++;
			ai++;
			bi++;
			run++;
		}
		if (k == nops)
			break;
		ctx = run < CONTEXT ? run : CONTEXT;
		hs = k - ctx;
		hai = ai - ctx;
		hbi = bi - ctx;
		/* Extend over changes and over gaps short enough to merge. */
		for (;;) {
			while (k < nops && ops[k] != 'e') {
				ai += ops[k] != 'i';
				bi += ops[k] != 'd';
				k++;
			}
			run = 0;
			while (k + run < nops && ops[k + run] == 'e')
				run++;
			if (k + run < nops && run <= 2 * CONTEXT) {
				k += run;
				ai += run;
				bi += run;
				continue;
			}
			ctx = run < CONTEXT ? run : CONTEXT;
			he = k + ctx;
			break;
		}
		put_hunk(out, &A, &B, ops, hs, he, hai, hbi);
	}
	if (fflush(out) != 0 || ferror(out)) {
		as_error_set(err, "cannot write the diff");
		goto done;
	}
	rc = 0;
done:
	free(ops);
	free(A.v);
	free(B.v);
	return rc;
}
