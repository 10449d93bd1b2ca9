/* edit_oracle.h - the references the edit engine is checked against, shared
 * by the randomized test (tests/instrument/test_random.c, choices from a
 * seeded generator) and the libFuzzer target (fuzz/as_fuzz_edit.c, choices
 * from the input bytes):
 *   - a walk over a text that copies, inserts or replaces at each step and
 *     builds, alongside the edits, the text they must give;
 *   - a round trip of a unified diff through patch(1) in a scratch tree.
 * Out of memory aborts: these are test oracles, not library code. */
#ifndef EDIT_ORACLE_H
#define EDIT_ORACLE_H

#include <stddef.h>

struct eo_buf {
	char *p; /* NUL-terminated after every eo_put */
	size_t n, cap;
};

void eo_put(struct eo_buf *b, const void *s, size_t n);

struct eo_edit {
	size_t b, e;   /* [b, e) replaced by t; b == e inserts */
	const char *t; /* static text of the oracle's pool */
	size_t tl;
};

/* A choice in [0, n), n >= 1, or -1 when the source has no more (the walk
 * then copies the rest of the text). */
typedef long (*eo_pick)(void *ctx, unsigned n);

/* Walks text[0, len) with the choices pick gives; fills v (at most max
 * edits, in walk order: offsets ascending, insertions sharing an offset in
 * the order they must apply) and want with the expected result. Returns the
 * number of edits. */
size_t eo_walk(const char *text, size_t len, eo_pick pick, void *ctx, struct eo_edit *v, size_t max,
	       struct eo_buf *want);

/* Runs argv in dir with stdin from in and stdout+stderr to out (names
 * relative to dir); the exit status, or -1 if it could not run or died. No
 * shell: process creation is most of the randomized test's time. */
int eo_run(const char *dir, char *const argv[], const char *in, const char *out);

/* Writes p[0, n) to path; 0, or -1 with errno set. */
int eo_write_file(const char *path, const char *p, size_t n);

/* Writes a to dir/src/f.c and the unified diff of a to b to dir/d.patch,
 * applies it with `patch -p1 -F0` (program patch) and checks that it took no
 * offset or fuzz and gave exactly b. 0 if so; else -1 with the reason in
 * why. dir/src must exist. */
int eo_patch_round(const char *dir, const char *patch, const char *a, size_t alen, const char *b,
		   size_t blen, char *why, size_t whycap);

#endif
