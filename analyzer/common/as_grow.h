/* as_grow.h - growing arrays, one policy for all: the capacity doubles,
 * from 16 elements. Heap arrays grow with AS_GROW (realloc), arena arrays
 * with AS_ARENA_GROW (as_arena.h). */
#ifndef AS_GROW_H
#define AS_GROW_H

#include <stddef.h>

/* The capacity to grow cap to so that it holds need elements: cap doubled
 * (16 when 0) until it does; 0 when that does not fit in a size_t. */
size_t as_grow_cap(size_t cap, size_t need);

/* Makes the heap array *arrp (a T **, elements of elem bytes) of capacity
 * *cap hold at least need elements; -1, with the array and *cap as they
 * were, when out of memory. */
int as_grow(void *arrp, size_t *cap, size_t need, size_t elem);

/* Room for one more element in the heap array arr of n elements and
 * capacity cap (a size_t): 0, or -1 when out of memory. */
#define AS_GROW(arr, n, cap) ((n) < (cap) ? 0 : as_grow(&(arr), &(cap), (size_t)(n) + 1, sizeof *(arr)))

#endif
