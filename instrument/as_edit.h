/* as_edit.h - edit sets: byte-range replacements of one file's text.
 *
 * The rewriter collects every edit it wants to make in one file into a
 * struct as_edits, checks the set against the file's length (sorted, no two
 * edits overlapping, nothing past the end), then produces the new text in
 * one pass. Offsets are bytes into the text the edits were computed against;
 * `end` is exclusive; begin == end is an insertion.
 *
 * Overlap rules (as_edits_check):
 *   - two replacements overlap when their ranges share a byte;
 *   - an insertion at x overlaps a replacement [b, e) when b < x < e; an
 *     insertion at b or at e is not an overlap (it goes before, resp. after,
 *     the replacement text);
 *   - any number of insertions may share an offset: they are applied in the
 *     order they were added.
 * Identical edits added twice are not merged: two equal replacements are an
 * overlap, two equal insertions insert twice.
 */
#ifndef AS_EDIT_H
#define AS_EDIT_H

#include <stddef.h>

#include "as_error.h"

struct as_edit {
	size_t begin, end; /* byte offsets, end exclusive; begin == end inserts */
	char *text;        /* replacement, owned by the set, NUL-terminated */
	size_t textlen;
	size_t seq; /* order of addition: ties between insertions */
};

struct as_edits {
	struct as_edit *v; /* owned; sorted by as_edits_check */
	size_t n, cap;
	size_t next_seq; /* seq of the next edit added */
};

/* An empty set; a zeroed struct is the same. Allocates nothing. */
void as_edits_init(struct as_edits *set);
/* Frees every edit's text and the array; the set is empty and reusable. */
void as_edits_free(struct as_edits *set);

/* Adds "replace [begin, end) with text" (text NUL-terminated; NULL or "" is
 * a deletion). The set copies text; the caller keeps its own. Fails (-1, err
 * filled, set unchanged) if end < begin or memory runs out. Overlaps and
 * ranges past the file's end are found later by as_edits_check. */
int as_edits_add(struct as_edits *set, size_t begin, size_t end, const char *text,
		 struct as_error *err);
/* The same with an explicit length: text may hold NUL bytes, textlen == 0
 * allows text == NULL. */
int as_edits_addn(struct as_edits *set, size_t begin, size_t end, const char *text,
		  size_t textlen, struct as_error *err);

/* Sorts the set in application order (by begin; at one offset insertions
 * first, in the order added, then the replacement starting there) and fails
 * if any edit ends past len or two edits overlap (the message names both
 * ranges). The sort is kept on failure; nothing else changes. */
int as_edits_check(struct as_edits *set, size_t len, struct as_error *err);

/* Checks the set (as_edits_check) and writes the edited text of buf[0, len)
 * to *out: malloc'd, NUL-terminated (not counted in *outlen), owned by the
 * caller, who frees it. On failure *out is NULL and *outlen 0. An empty set
 * yields a copy of buf. */
int as_edits_apply(struct as_edits *set, const char *buf, size_t len, char **out,
		   size_t *outlen, struct as_error *err);

#endif
