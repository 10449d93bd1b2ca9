/* as_diff.h - unified diffs of a file's old and new text.
 *
 * The output is what `diff -u` writes, without timestamps, and what GNU
 * `patch -p1` applies from the tree's root when the labels are "a/PATH" and
 * "b/PATH": `--- label_old`, `+++ label_new`, then hunks
 * `@@ -l,n +l,n @@` with 3 lines of context, hunks closer than 6 unchanged
 * lines merged, `\ No newline at end of file` after a last line that has no
 * newline. Lines are compared byte for byte, line ending included, so a CRLF
 * line differs from the same text with LF.
 *
 * Method: the common prefix and suffix lines are stripped, the middle is
 * diffed with Myers' O(ND) algorithm (minimal). When the middle needs more
 * than AS_DIFF_MAX_D inserted plus deleted lines, the middle is written as
 * one replacement: still correct, no longer minimal.
 */
#ifndef AS_DIFF_H
#define AS_DIFF_H

#include <stddef.h>
#include <stdio.h>

#include "as_error.h"

#define AS_DIFF_MAX_D 2048

/* Writes the unified diff from a[0, alen) to b[0, blen) to out; writes
 * nothing at all when the texts are equal. The labels are printed as given
 * (pass "a/src/x.c" and "b/src/x.c"; "/dev/null" for a created file), but
 * as GNU diff and git write names patch must read back: C-quoted when they
 * hold a quote, a backslash or a control character, and followed by a tab
 * when they hold a space. The
 * texts need not be NUL-terminated and may be empty (NULL with length 0).
 * Returns 0, or -1 with err filled when memory runs out or writing to out
 * fails. Allocates only temporaries, freed before returning. */
int as_diff_unified(FILE *out, const char *label_old, const char *label_new, const char *a,
		    size_t alen, const char *b, size_t blen, struct as_error *err);

#endif
