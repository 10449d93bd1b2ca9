/* realloc_count.c - an LD_PRELOAD shim for bench/real/grow-gain: counts
 * the process's realloc calls, how many moved the block, and the bytes
 * those moves copied (the smaller of the old block's usable size and the
 * new size), and appends "calls moved bytes" to $REALLOC_COUNT_OUT at
 * exit. What a grow fix can save is those copies: when the allocator
 * grows blocks in place, there is nothing for it to gain. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <malloc.h>
#include <stdio.h>
#include <stdlib.h>

static void *(*real_realloc)(void *, size_t);
static unsigned long long calls, moved, copied;

void *realloc(void *p, size_t n)
{
	size_t old;
	void *q;

	if (!real_realloc)
		real_realloc = (void *(*)(void *, size_t))dlsym(RTLD_NEXT, "realloc");
	old = p ? malloc_usable_size(p) : 0;
	q = real_realloc(p, n);
	__atomic_fetch_add(&calls, 1, __ATOMIC_RELAXED);
	if (p && q && q != p) {
		__atomic_fetch_add(&moved, 1, __ATOMIC_RELAXED);
		__atomic_fetch_add(&copied, old < n ? old : n, __ATOMIC_RELAXED);
	}
	return q;
}

__attribute__((destructor)) static void report(void)
{
	const char *out = getenv("REALLOC_COUNT_OUT");
	FILE *f = out ? fopen(out, "a") : NULL;

	if (!f)
		return;
	fprintf(f, "%llu %llu %llu\n", calls, moved, copied);
	fclose(f);
}
