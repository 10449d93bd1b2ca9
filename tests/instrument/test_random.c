/* Randomized tests with a fixed seed:
 *   1. random non-overlapping edit sets, added in random order, applied to
 *      random text, equal the text built alongside them by a reference walk;
 *   2. as_edits_check accepts exactly the sets a brute-force pairwise
 *      overlap test accepts; the include goes where a naive scan of random
 *      file tops says it may (line start, no comment, no conditional);
 *   3. the unified diff of old and new text, applied by `patch -p1` in a
 *      temporary tree, reproduces the new bytes (and, every 5th round,
 *      changes as many lines as `diff --minimal`, when diff is installed);
 *   4. a 10,000-line file with a few edits diffs fast, a file rewritten
 *      wholesale still diffs correctly.
 * Usage: instrument_test_random PATCH-PROGRAM (empty: parts 3 and 4 skip,
 * exit 77 if everything else passed). */
#define _POSIX_C_SOURCE 200809L
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "as_diff.h"
#include "as_edit.h"
#include "as_include.h"
#include "as_include_place.h"
#include "as_write.h"
#include "check.h"
#include "edit_oracle.h"

static uint64_t rng = 0x2545f4914f6cdd1dull;

static uint64_t next(void)
{
	rng ^= rng >> 12;
	rng ^= rng << 25;
	rng ^= rng >> 27;
	return rng * 2685821657736338717ull;
}

static size_t below(size_t n)
{
	return n ? (size_t)(next() % n) : 0;
}

/* The reference walk's choices: never runs out. */
static long pick(void *ctx, unsigned n)
{
	(void)ctx;
	return (long)below(n);
}

static const char *vocab[] = {
	"int x;",
	"{",
	"}",
	"",
	"\treturn 0;",
	"p = malloc(n);",
	"memcpy(p, s, n);",
	"#include <stdio.h>",
	"/* c */",
	"x++;",
};

/* Random C-ish text: lines from a small vocabulary (so lines repeat and the
 * diff has choices to make), LF or CRLF, sometimes no final newline. */
static void random_text(struct eo_buf *b, size_t maxlines)
{
	size_t lines = below(maxlines + 1);
	int crlf = below(8) == 0;

	b->n = 0;
	eo_put(b, "", 0);
	for (size_t i = 0; i < lines; i++) {
		const char *l = vocab[below(sizeof vocab / sizeof vocab[0])];
		char tmp[32];

		if (below(5) == 0) {
			snprintf(tmp, sizeof tmp, "v%u = %u;", (unsigned)below(100), (unsigned)below(10));
			l = tmp;
		}
		eo_put(b, l, strlen(l));
		if (i + 1 < lines || below(6))
			eo_put(b, crlf ? "\r\n" : "\n", crlf ? 2 : 1);
	}
}

/* Adds the edits in a random order that keeps the relative order of the
 * insertions sharing an offset. */
static int add_shuffled(struct as_edits *set, struct eo_edit *v, size_t n, struct as_error *err)
{
	size_t *idx = malloc((n ? n : 1) * sizeof *idx);
	int rc = 0;

	for (size_t i = 0; i < n; i++)
		idx[i] = i;
	for (size_t i = n; i > 1; i--) {
		size_t j = below(i), t = idx[i - 1];

		idx[i - 1] = idx[j];
		idx[j] = t;
	}
	/* Insertions at one offset: reassign their slots in original order. */
	for (size_t i = 0; i < n; i++) {
		for (size_t j = i + 1; j < n; j++) {
			struct eo_edit *a = &v[idx[i]], *b = &v[idx[j]];

			if (a->b == a->e && b->b == b->e && a->b == b->b && idx[i] > idx[j]) {
				size_t t = idx[i];

				idx[i] = idx[j];
				idx[j] = t;
			}
		}
	}
	for (size_t i = 0; i < n && rc == 0; i++)
		rc = as_edits_addn(set, v[idx[i]].b, v[idx[i]].e, v[idx[i]].t, v[idx[i]].tl, err);
	free(idx);
	return rc;
}

static void part_apply(int cases)
{
	struct eo_buf text = { 0 }, want = { 0 };
	struct eo_edit v[64];
	struct as_error err = { "" };

	for (int c = 0; c < cases; c++) {
		struct as_edits set;
		char *out = NULL;
		size_t outlen = 0, n;

		random_text(&text, 40);
		n = eo_walk(text.p, text.n, pick, NULL, v, 64, &want);
		as_edits_init(&set);
		if (!EXPECT(add_shuffled(&set, v, n, &err) == 0) ||
		    !EXPECT(as_edits_apply(&set, text.p, text.n, &out, &outlen, &err) == 0)) {
			fprintf(stderr, "case %d: %s\n", c, err.msg);
		} else if (!EXPECT(outlen == want.n && memcmp(out, want.p, outlen) == 0)) {
			fprintf(stderr, "case %d: apply differs from the reference\n", c);
		}
		free(out);
		as_edits_free(&set);
	}
	free(text.p);
	free(want.p);
}

static void part_check(int cases)
{
	struct as_error err = { "" };

	for (int c = 0; c < cases; c++) {
		size_t len = below(30), n = 1 + below(6), b[8], e[8];
		struct as_edits set;
		int bad = 0;

		as_edits_init(&set);
		for (size_t i = 0; i < n; i++) {
			b[i] = below(len + 3);
			e[i] = below(3) == 0 ? b[i] : b[i] + below(6);
			as_edits_add(&set, b[i], e[i], "z", &err);
			if (e[i] > len)
				bad = 1;
		}
		for (size_t i = 0; i < n; i++) {
			for (size_t j = i + 1; j < n; j++) {
				int ri = e[i] > b[i], rj = e[j] > b[j];

				if (ri && rj && b[i] < e[j] && b[j] < e[i])
					bad = 1;
				if (ri && !rj && b[i] < b[j] && b[j] < e[i])
					bad = 1;
				if (!ri && rj && b[j] < b[i] && b[i] < e[j])
					bad = 1;
			}
		}
		if (!EXPECT((as_edits_check(&set, len, &err) == 0) == !bad))
			fprintf(stderr, "check case %d: engine %s, reference %s\n", c, bad ? "accepted" : "rejected",
				bad ? "rejects" : "accepts");
		as_edits_free(&set);
	}
}

/* Random file tops: the include goes at a line start, outside block comments
 * and conditionals (the guard's aside), and a second run adds nothing. */
static void part_include(int cases)
{
	static const char *pool[] = {
		"#include <a.h>",
		"#include \"b.h\"",
		"#ifdef X",
		"#if 0",
		"#endif",
		"#else",
		"/* c */",
		"/* open",
		"close */",
		"// line",
		"",
		"int x;",
		"#define Y 1",
		"  #  include <c.h>",
		"#pragma pack(1)",
	};
	struct eo_buf text = { 0 };
	struct as_error err = { "" };

	for (int c = 0; c < cases; c++) {
		struct as_edits set;
		char *out = NULL, *again = NULL;
		size_t outlen = 0, againlen = 0, lines = below(14), at, i;
		int guard = below(3) == 0, crlf = below(6) == 0, depth = 0, open_if = 0, comment = 0;
		const char *eol = crlf ? "\r\n" : "\n";

		text.n = 0;
		eo_put(&text, "", 0);
		if (guard) {
			eo_put(&text, "#ifndef G_H", 11);
			eo_put(&text, eol, strlen(eol));
			eo_put(&text, "#define G_H", 11);
			eo_put(&text, eol, strlen(eol));
		}
		for (i = 0; i < lines; i++) {
			const char *l = pool[below(sizeof pool / sizeof pool[0])];

			/* Keep conditionals and comments balanced enough to be C. */
			if (!strncmp(l, "#if", 3))
				open_if++;
			if (!strcmp(l, "#endif") || !strcmp(l, "#else")) {
				if (!open_if)
					continue;
				if (l[1] == 'e' && l[2] == 'n')
					open_if--;
			}
			if (!strcmp(l, "/* open"))
				comment = 1;
			if (!strcmp(l, "close */")) {
				if (!comment)
					continue;
				comment = 0;
			}
			eo_put(&text, l, strlen(l));
			if (i + 1 < lines || below(5))
				eo_put(&text, eol, strlen(eol));
		}
		at = as_include_offset(text.p, text.n);
		as_edits_init(&set);
		EXPECT(at <= text.n);
		if (!EXPECT(at == 0 || at == text.n || text.p[at - 1] == '\n'))
			fprintf(stderr, "include case %d: offset %zu not at a line start\n", c, at);
		/* Reference: comment and conditional state of the lines before at. */
		comment = 0;
		for (i = 0; i < at; i++) {
			if (!comment && text.p[i] == '/' && i + 1 < at && text.p[i + 1] == '/')
				while (i < at && text.p[i] != '\n')
					i++;
			else if (!comment && text.p[i] == '/' && i + 1 < at && text.p[i + 1] == '*')
				comment = 1, i++;
			else if (comment && text.p[i] == '*' && i + 1 < at && text.p[i + 1] == '/')
				comment = 0, i++;
			else if (!comment && text.p[i] == '#' && (i == 0 || text.p[i - 1] == '\n'))
				depth += !strncmp(text.p + i, "#if", 3) - !strncmp(text.p + i, "#endif", 6);
		}
		if (!EXPECT(!comment && depth == guard))
			fprintf(stderr, "include case %d: offset %zu inside a comment or conditional:\n%s\n", c, at,
				text.p);
		if (EXPECT(as_include_add(&set, text.p, text.n, "asrt.h", 0, &err) == 0 && set.n == 1) &&
		    EXPECT(as_edits_apply(&set, text.p, text.n, &out, &outlen, &err) == 0)) {
			as_edits_free(&set);
			EXPECT(as_has_include(out, outlen, "asrt.h"));
			EXPECT(as_include_add(&set, out, outlen, "asrt.h", 0, &err) == 0 && set.n == 0);
			EXPECT(as_edits_apply(&set, out, outlen, &again, &againlen, &err) == 0 && againlen == outlen);
		}
		free(out);
		free(again);
		as_edits_free(&set);
	}
	free(text.p);
}

/* Lines starting with '+' or '-' in a diff, headers excluded. */
static long changed_lines(const char *path)
{
	FILE *f = fopen(path, "rb");
	char line[4096];
	long n = 0;

	if (!f)
		return -1;
	while (fgets(line, sizeof line, f))
		if ((line[0] == '+' || line[0] == '-') && strncmp(line, "+++ ", 4) != 0 && strncmp(line, "--- ", 4) != 0)
			n++;
	fclose(f);
	return n;
}

static char tree[64];
static int have_diff;

/* The oracle's round trip, then, every 5th round when diff is installed,
 * as many changed lines as `diff --minimal`. */
static int patch_round(const char *patch, const char *a, size_t alen, const char *b, size_t blen, int round)
{
	char path[256], p2[256], why[600];
	long ours, theirs;

	if (eo_patch_round(tree, patch, a, alen, b, blen, why, sizeof why) < 0) {
		fprintf(stderr, "round %d: %s\n", round, why);
		return 0;
	}
	if (!have_diff || round % 5 != 0 || (alen == blen && !memcmp(a, b, alen)))
		return 1;
	snprintf(path, sizeof path, "%s/old", tree);
	snprintf(p2, sizeof p2, "%s/new", tree);
	if (eo_write_file(path, a, alen) < 0 || eo_write_file(p2, b, blen) < 0 ||
	    eo_run(tree, (char *const[]){ "diff", "--minimal", "-u", "old", "new", NULL }, "/dev/null", "gnu.patch") < 0)
		return fprintf(stderr, "round %d: cannot run diff in %s\n", round, tree), 0;
	snprintf(path, sizeof path, "%s/d.patch", tree);
	ours = changed_lines(path);
	snprintf(path, sizeof path, "%s/gnu.patch", tree);
	theirs = changed_lines(path);
	if (ours != theirs) {
		fprintf(stderr, "round %d: %ld changed lines, diff --minimal has %ld (see %s)\n", round, ours, theirs,
			tree);
		return 0;
	}
	return 1;
}

static void part_patch(const char *patch, int rounds)
{
	struct eo_buf text = { 0 }, want = { 0 };
	struct eo_edit v[64];

	for (int r = 0; r < rounds; r++) {
		if (r % 4 == 3) {
			/* Unrelated texts, not edits. */
			random_text(&text, 30);
			random_text(&want, 30);
		} else {
			random_text(&text, 60);
			eo_walk(text.p, text.n, pick, NULL, v, 1 + below(8), &want);
		}
		if (!EXPECT(patch_round(patch, text.p, text.n, want.p, want.n, r)))
			break;
	}
	free(text.p);
	free(want.p);
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

static void part_large(const char *patch)
{
	struct eo_buf a = { 0 }, b = { 0 };
	char line[64];
	double t0, t;
	FILE *devnull = fopen("/dev/null", "w");
	struct as_error err = { "" };

	/* 10,000 lines, 5 edits spread over the file. */
	for (int i = 0; i < 10000; i++) {
		snprintf(line, sizeof line, "line %d %s\n", i, vocab[i % 10]);
		eo_put(&a, line, strlen(line));
	}
	for (int i = 0; i < 10000; i++) {
		if (i % 2000 == 1000) {
			snprintf(line, sizeof line, "p = asrt_memdup(s, %d);\n", i);
			eo_put(&b, line, strlen(line));
			if (i == 5000)
				continue;
		}
		snprintf(line, sizeof line, "line %d %s\n", i, vocab[i % 10]);
		eo_put(&b, line, strlen(line));
	}
	t0 = now();
	EXPECT(as_diff_unified(devnull, "a/src/f.c", "b/src/f.c", a.p, a.n, b.p, b.n, &err) == 0);
	t = now() - t0;
	printf("diff of a 10000-line file with 5 edits: %.1f ms\n", t * 1e3);
	EXPECT(t < 1.0);
	if (patch)
		EXPECT(patch_round(patch, a.p, a.n, b.p, b.n, -1));
	/* Two unrelated 3,000-line files: beyond AS_DIFF_MAX_D, one big hunk. */
	a.n = b.n = 0;
	for (int i = 0; i < 3000; i++) {
		snprintf(line, sizeof line, "old %d\n", i);
		eo_put(&a, line, strlen(line));
		snprintf(line, sizeof line, "new %d\n", i);
		eo_put(&b, line, strlen(line));
	}
	t0 = now();
	EXPECT(as_diff_unified(devnull, "a/src/f.c", "b/src/f.c", a.p, a.n, b.p, b.n, &err) == 0);
	t = now() - t0;
	printf("diff of two unrelated 3000-line files: %.1f ms\n", t * 1e3);
	if (patch)
		EXPECT(patch_round(patch, a.p, a.n, b.p, b.n, -2));
	fclose(devnull);
	free(a.p);
	free(b.p);
}

int main(int argc, char **argv)
{
	const char *patch = argc > 1 && argv[1][0] && access(argv[1], X_OK) == 0 ? argv[1] : NULL;
	double t0 = now();
	char path[128];
	int rc;

	part_apply(4000);
	part_check(4000);
	part_include(2000);
	printf("apply, check and include: 10000 cases in %.2f s\n", now() - t0);
	if (patch) {
		strcpy(tree, "/tmp/as-instrument-XXXXXX");
		if (!mkdtemp(tree))
			return perror("mkdtemp"), 1;
		snprintf(path, sizeof path, "%s/src", tree);
		mkdir(path, 0755);
		have_diff = system("diff --version > /dev/null 2>&1") == 0;
		t0 = now();
		part_patch(patch, 300);
		printf("patch: 300 rounds in %.2f s%s\n", now() - t0, have_diff ? " (every 5th checked against diff --minimal)" : "");
	}
	part_large(patch);
	rc = check_status("test_random");
	if (patch && rc == 0) {
		char cmd[256];

		snprintf(cmd, sizeof cmd, "rm -rf '%s'", tree);
		if (system(cmd) != 0)
			fprintf(stderr, "cannot remove %s\n", tree);
	}
	if (rc == 0 && !patch) {
		printf("patch not found: diff rounds skipped\n");
		return 77;
	}
	return rc;
}
