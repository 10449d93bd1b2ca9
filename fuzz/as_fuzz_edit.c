/* as_fuzz_edit.c - libFuzzer target: the edit engine and the unified diff.
 * The first half of the input drives a walk over the second half (the text):
 * copy, insert or replace at each step, the expected result built alongside.
 * The edits are added out of order (offsets descending, insertions sharing
 * an offset in their order); as_edits_apply must give the walk's text. On
 * one input in 8 (and always when AS_FUZZ_PATCH_ALL is set) the diff of old
 * to new is applied by `patch -p1 -F0` and must give the same bytes. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "as_diff.h"
#include "as_edit.h"
#include "as_write.h"

struct ed {
	size_t b, e;
	const char *t;
	size_t tl;
};

static const char *pool[] = { "", "x", "\n", "\r\n", "asrt_memdup(s, n)", "#include \"asrt.h\"\n", "q;\n" };
static char tree[64], pathbuf[128];

/* name inside the tree; the process keeps its cwd (libFuzzer writes
 * artifacts there). */
static const char *at(const char *name)
{
	snprintf(pathbuf, sizeof pathbuf, "%s/%s", tree, name);
	return pathbuf;
}

static void put(char *want, size_t *n, const void *s, size_t k)
{
	memcpy(want + *n, s, k);
	*n += k;
}

/* Runs patch in the tree, stdin d.patch, output to patch.out; 0 if it
 * applied without offset or fuzz. */
static int run_patch(void)
{
	char *got = NULL;
	size_t n = 0;
	struct as_error err = { "" };
	int status, ok;
	pid_t pid = fork(), r;

	if (pid < 0)
		abort();
	if (pid == 0) {
		int fi, fo;

		if (chdir(tree) < 0)
			_exit(126);
		fi = open("d.patch", O_RDONLY);
		fo = open("patch.out", O_WRONLY | O_CREAT | O_TRUNC, 0644);
		if (fi < 0 || fo < 0)
			_exit(126);
		dup2(fi, 0);
		dup2(fo, 1);
		dup2(fo, 2);
		execlp("patch", "patch", "-p1", "-f", "-F0", "--no-backup-if-mismatch", (char *)NULL);
		_exit(127);
	}
	/* libFuzzer's SIGALRM (its -timeout clock) interrupts the wait. */
	while ((r = waitpid(pid, &status, 0)) < 0 && errno == EINTR)
		;
	if (r < 0 || !WIFEXITED(status) || WEXITSTATUS(status) != 0)
		return -1;
	if (as_read_file(at("patch.out"), &got, &n, &err) < 0)
		abort();
	ok = !strstr(got, "offset") && !strstr(got, "fuzz");
	free(got);
	return ok ? 0 : -1;
}

static void patch_round(const char *a, size_t alen, const char *b, size_t blen)
{
	struct as_error err = { "" };
	char *got = NULL;
	size_t gotlen = 0;
	FILE *f;

	if (!tree[0]) {
		strcpy(tree, "/tmp/as-fuzz-edit-XXXXXX");
		if (!mkdtemp(tree) || mkdir(at("src"), 0755) < 0)
			abort();
	}
	if (!(f = fopen(at("src/f.c"), "wb")) || (alen && fwrite(a, 1, alen, f) != alen) || fclose(f))
		abort();
	if (!(f = fopen(at("d.patch"), "wb")))
		abort();
	if (as_diff_unified(f, "a/src/f.c", "b/src/f.c", a, alen, b, blen, &err) < 0) {
		fprintf(stderr, "diff failed: %s\n", err.msg);
		abort();
	}
	fclose(f);
	/* Equal texts: no diff, nothing to apply. */
	if (alen == blen && !memcmp(a, b, alen))
		return;
	if (run_patch() < 0) {
		fprintf(stderr, "patch failed or needed an offset or fuzz (see %s)\n", tree);
		abort();
	}
	if (as_read_file(at("src/f.c"), &got, &gotlen, &err) < 0 || gotlen != blen || memcmp(got, b, blen)) {
		fprintf(stderr, "patched text differs from the new text (see %s)\n", tree);
		abort();
	}
	free(got);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	size_t h = size / 2, len = size - h, pos = 0, n = 0, wn = 0, outlen = 0, ci;
	const char *text = (const char *)data + h;
	struct ed *v = malloc((h + 1) * sizeof *v);
	/* Each step adds at most the longest pool entry or copies text. */
	char *want = malloc(len + (h + 1) * 24 + 1), *out = NULL;
	struct as_edits set;
	struct as_error err = { "" };

	if (!v || !want)
		abort();
	for (ci = 0; ci < h; ci++) {
		unsigned c = data[ci], k = c >> 3;

		switch (c & 7) {
		case 0: case 1: /* insert */
			v[n] = (struct ed){ pos, pos, pool[k % 7], strlen(pool[k % 7]) };
			put(want, &wn, v[n].t, v[n].tl);
			n++;
			break;
		case 2: case 3: /* replace 1..12 bytes */
			if (pos == len)
				break;
			k = 1 + k % 12;
			if (k > len - pos)
				k = (unsigned)(len - pos);
			v[n] = (struct ed){ pos, pos + k, pool[(c >> 1) % 7], strlen(pool[(c >> 1) % 7]) };
			put(want, &wn, v[n].t, v[n].tl);
			n++;
			pos += k;
			break;
		default: /* copy 1..32 bytes */
			k = 1 + k % 32;
			if (k > len - pos)
				k = (unsigned)(len - pos);
			put(want, &wn, text + pos, k);
			pos += k;
		}
	}
	put(want, &wn, text + pos, len - pos);
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
	if (outlen != wn || memcmp(out, want, wn)) {
		fprintf(stderr, "apply differs from the reference walk\n");
		abort();
	}
	if ((h && (data[0] & 0xe0) == 0) || getenv("AS_FUZZ_PATCH_ALL"))
		patch_round(text, len, out, outlen);
	free(out);
	as_edits_free(&set);
	free(v);
	free(want);
	return 0;
}
