/* count_alloc.c — the --wrap shims behind count_alloc.h. */
#include "count_alloc.h"

void *__real_malloc(size_t n);
void *__real_calloc(size_t k, size_t n);
void *__real_realloc(void *p, size_t n);
void __real_free(void *p);

void *__wrap_malloc(size_t n);
void *__wrap_calloc(size_t k, size_t n);
void *__wrap_realloc(void *p, size_t n);
void __wrap_free(void *p);

static _Atomic int failing;
static _Atomic unsigned long n_malloc, n_calloc, n_realloc, n_free, n_moves;

void *__wrap_malloc(size_t n)
{
	atomic_fetch_add_explicit(&n_malloc, 1, memory_order_relaxed);
	if (atomic_load(&failing))
		return NULL;
	return __real_malloc(n);
}

void *__wrap_calloc(size_t k, size_t n)
{
	atomic_fetch_add_explicit(&n_calloc, 1, memory_order_relaxed);
	if (atomic_load(&failing))
		return NULL;
	return __real_calloc(k, n);
}

void *__wrap_realloc(void *p, size_t n)
{
	atomic_fetch_add_explicit(&n_realloc, 1, memory_order_relaxed);
	if (atomic_load(&failing))
		return NULL;
	void *q = __real_realloc(p, n);
	if (q && p && q != p)
		atomic_fetch_add_explicit(&n_moves, 1, memory_order_relaxed);
	return q;
}

void __wrap_free(void *p)
{
	atomic_fetch_add_explicit(&n_free, 1, memory_order_relaxed);
	__real_free(p);
}

struct alloc_counts alloc_counts_now(void)
{
	struct alloc_counts c = {
		.malloc_calls = atomic_load(&n_malloc),
		.calloc_calls = atomic_load(&n_calloc),
		.realloc_calls = atomic_load(&n_realloc),
		.free_calls = atomic_load(&n_free),
		.realloc_moves = atomic_load(&n_moves),
	};
	return c;
}

unsigned long alloc_calls_between(const struct alloc_counts *a,
				  const struct alloc_counts *b)
{
	return (b->malloc_calls - a->malloc_calls) +
	       (b->calloc_calls - a->calloc_calls) +
	       (b->realloc_calls - a->realloc_calls);
}

void alloc_fail(int on)
{
	atomic_store(&failing, on);
}
