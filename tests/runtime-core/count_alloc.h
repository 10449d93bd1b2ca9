/* count_alloc.h — counts of the allocator calls made by everything linked
 * into the test program statically (the test and asrt_core_static), taken
 * with the linker's --wrap, so they work on any allocator and under the
 * sanitizers. */
#ifndef COUNT_ALLOC_H
#define COUNT_ALLOC_H

#include <stdatomic.h>
#include <stddef.h>

struct alloc_counts {
	unsigned long malloc_calls, calloc_calls, realloc_calls, free_calls;
	unsigned long realloc_moves; /* realloc returned another address */
};

/* A snapshot of the counters so far. */
struct alloc_counts alloc_counts_now(void);
/* Allocation calls (malloc + calloc + realloc) between two snapshots. */
unsigned long alloc_calls_between(const struct alloc_counts *a,
				  const struct alloc_counts *b);

/* While on, every wrapped malloc/calloc/realloc fails (returns NULL). */
void alloc_fail(int on);

#endif
