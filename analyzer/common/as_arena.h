/* as_arena.h - bump allocation for per-function analysis data.
 * Everything a function's facts need is allocated here and released at once
 * when the function is done, so the walk never frees piecemeal. */
#ifndef AS_ARENA_H
#define AS_ARENA_H

#include <stddef.h>
#include <string.h>

#include "as_grow.h"

struct as_arena_block;

struct as_arena {
	struct as_arena_block *head;
};

/* Returns zeroed memory owned by the arena; aborts the process only if the
 * system is out of memory (the analyzer cannot continue without it). */
void *as_arena_alloc(struct as_arena *a, size_t n);
/* Copies n bytes of s into the arena, NUL-terminated. */
char *as_arena_strndup(struct as_arena *a, const char *s, size_t n);
char *as_arena_strdup(struct as_arena *a, const char *s);
/* Frees every block but the first, which is kept for reuse. */
void as_arena_reset(struct as_arena *a);
void as_arena_free(struct as_arena *a);

/* Makes room for one more element in the arena array arr of n elements and
 * capacity cap (ints), as as_grow_cap says; the old copy stays in the arena. */
#define AS_ARENA_GROW(arr, n, cap, arena)                                                 \
	do {                                                                              \
		if ((n) == (cap)) {                                                       \
			int nc_ = (int)as_grow_cap((size_t)(cap), (size_t)(n) + 1);       \
			void *na_ = as_arena_alloc((arena), (size_t)nc_ * sizeof *(arr)); \
			if (n)                                                            \
				memcpy(na_, (arr), (size_t)(n) * sizeof *(arr));          \
			(arr) = na_;                                                      \
			(cap) = nc_;                                                      \
		}                                                                         \
	} while (0)

#endif
