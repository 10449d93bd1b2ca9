/* as_fuzz_edit.c - libFuzzer target: the edit engine and the unified diff.
 * The input bytes are the choices of the reference walk (edit_oracle.h) over
 * a text that is the input's second half: copy, insert or replace at each
 * step, the expected result built alongside. The edits are added out of
 * order (offsets descending, insertions sharing an offset in their order);
 * as_edits_apply must give the walk's text. On one input in 8 (and always
 * when AS_FUZZ_PATCH_ALL is set) the diff of old to new is applied by
 * `patch -p1 -F0` and must give the same bytes. */
#define _POSIX_C_SOURCE 200809L
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "as_edit.h"
#include "edit_oracle.h"

struct bytes {
	const uint8_t *p;
	size_t n;
};

static long pick(void *ctx, unsigned n)
{
	struct bytes *b = ctx;

	if (!b->n)
		return -1;
	b->n--;
	return *b->p++ % n;
}

static char tree[64];

static void patch_round(const char *a, size_t alen, const char *b, size_t blen)
{
	char why[600];

	if (!tree[0]) {
		char src[80];

		strcpy(tree, "/tmp/as-fuzz-edit-XXXXXX");
		if (!mkdtemp(tree))
			abort();
		snprintf(src, sizeof src, "%s/src", tree);
		if (mkdir(src, 0755) < 0)
			abort();
	}
	if (eo_patch_round(tree, "patch", a, alen, b, blen, why, sizeof why) < 0) {
		fprintf(stderr, "%s\n", why);
		abort();
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	size_t h = size / 2, len = size - h, n, outlen = 0;
	const char *text = (const char *)data + h;
	struct bytes choices = { data, h };
	/* Every edit takes at least one choice. */
	struct eo_edit *v = malloc((h + 1) * sizeof *v);
	struct eo_buf want = { 0 };
	char *out = NULL;
	struct as_edits set;
	struct as_error err = { "" };

	if (!v)
		abort();
	n = eo_walk(text, len, pick, &choices, v, h + 1, &want);
	as_edits_init(&set);
	/* Groups of one offset, last group first; inside a group in walk order. */
	for (size_t end = n; end > 0;) {
		size_t start = end;

		while (start > 0 && v[start - 1].b == v[end - 1].b)
			start--;
		for (size_t i = start; i < end; i++)
			if (as_edits_addn(&set, v[i].b, v[i].e, v[i].t, v[i].tl, &err) < 0)
				abort();
		end = start;
	}
	if (as_edits_apply(&set, text, len, &out, &outlen, &err) < 0) {
		fprintf(stderr, "apply refused a valid set: %s\n", err.msg);
		abort();
	}
	if (outlen != want.n || memcmp(out, want.p, want.n)) {
		fprintf(stderr, "apply differs from the reference walk\n");
		abort();
	}
	if ((h && (data[0] & 0xe0) == 0) || getenv("AS_FUZZ_PATCH_ALL"))
		patch_round(text, len, out, outlen);
	free(out);
	as_edits_free(&set);
	free(v);
	free(want.p);
	return 0;
}
