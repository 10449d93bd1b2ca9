/* test_grow.c — asrt_grow keeps realloc's contract (contents, pointer rules,
 * NULL with the old block intact) and makes one-element growth amortised
 * O(1). */
#define _GNU_SOURCE /* malloc_usable_size */
#include <malloc.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <asrt/asrt.h>
#include "check.h"
#include "count_alloc.h"

#define GROWTHS 1000000u

static void test_amortised(void)
{
	struct alloc_counts a = alloc_counts_now();
	unsigned *v = NULL;
	for (unsigned i = 0; i < GROWTHS; i++) {
		unsigned *w = asrt_grow(v, (i + 1) * sizeof *v);
		EXPECT(w != NULL);
		if (!w)
			break;
		v = w;
		v[i] = i * 2654435761u;
	}
	struct alloc_counts b = alloc_counts_now();
	unsigned long reallocs = b.realloc_calls - a.realloc_calls;
	unsigned long moves = b.realloc_moves - a.realloc_moves;
	printf("%u one-element growths: %lu realloc calls, %lu moved the block\n",
	       GROWTHS, reallocs, moves);
	/* 1.5x from 16 bytes to 4 MB is ~32 steps; a realloc per step would be
   * 10^6. */
	EXPECT(reallocs <= 64);
	int intact = 1;
	for (unsigned i = 0; v && i < GROWTHS; i++)
		intact &= v[i] == i * 2654435761u;
	EXPECT(intact);
	free(v);
}

static void test_in_place_is_free(void)
{
	char *p = malloc(100);
	EXPECT(p != NULL);
	memset(p, 'x', 100);
	struct alloc_counts a = alloc_counts_now();
	EXPECT(asrt_grow(p, 50) == p);  /* shrink requests keep the block */
	EXPECT(asrt_grow(p, 100) == p); /* fits */
	struct alloc_counts b = alloc_counts_now();
	EXPECT(alloc_calls_between(&a, &b) == 0);
	free(p);
}

/* Size 0 is the allocator's realloc(p, 0), whatever it does (glibc frees p
 * and returns NULL, jemalloc returns a minimal block): a rewritten
 * realloc(p, 0) must not keep a block the original freed. */
static void test_zero_is_realloc(void)
{
	char *p = malloc(100);
	EXPECT(p != NULL);
	struct alloc_counts a = alloc_counts_now();
	void *r = asrt_grow(p, 0);
	struct alloc_counts b = alloc_counts_now();
	EXPECT(alloc_calls_between(&a, &b) == 1);
	free(r);
}

static void test_from_null(void)
{
	char *p = asrt_grow(NULL, 0);
	EXPECT(p != NULL);
	p = asrt_grow(p, 10);
	EXPECT(p != NULL);
	memcpy(p, "123456789", 10);
	p = asrt_grow(p, 1000);
	EXPECT(p && strcmp(p, "123456789") == 0);
	free(p);
}

static void test_failure_keeps_block(void)
{
	char *p = malloc(32);
	EXPECT(p != NULL);
	memcpy(p, "keep me", 8);
	EXPECT(asrt_grow(p, SIZE_MAX / 2) == NULL);
	EXPECT(asrt_grow(p, (size_t)PTRDIFF_MAX + 1) == NULL);
	EXPECT(asrt_grow_at(p, SIZE_MAX - 16, "fail.c:3") == NULL);
	EXPECT(strcmp(p, "keep me") == 0);
	p = asrt_grow(p, 64); /* still a live, growable block */
	EXPECT(p && strcmp(p, "keep me") == 0);
	free(p);
}

/* A family realloc that refuses anything but the exact size it is told to
 * accept: asrt_grow_with must fall back to exactly n. */
static size_t family_accepts;
static unsigned family_calls;

static void *picky_realloc(void *p, size_t n)
{
	family_calls++;
	return n == family_accepts ? realloc(p, n) : NULL;
}

static void test_with_fallback(void)
{
	char *p = malloc(1000);
	EXPECT(p != NULL);
	memcpy(p, "abc", 4);
	/* Just past the usable size: the geometric size differs from n. */
	size_t n = malloc_usable_size(p) + 1;
	family_accepts = n;
	family_calls = 0;
	char *q = asrt_grow_with(picky_realloc, p, n);
	EXPECT(q != NULL && family_calls == 2);
	EXPECT(q && strcmp(q, "abc") == 0);
	if (q)
		p = q;
	/* Both sizes refused: NULL, and the block is still the caller's. */
	family_accepts = 1;
	family_calls = 0;
	EXPECT(ASRT_GROW_WITH(picky_realloc, p, malloc_usable_size(p) + 1) == NULL);
	EXPECT(family_calls == 2);
	EXPECT(strcmp(p, "abc") == 0);
	free(p);
}

/* Below 4 KiB the capacity quadruples: where allocators keep small blocks
 * between others, each realloc is likely a move. 1.5x would take ~14. */
static void test_small_sizes_quadruple(void)
{
	struct alloc_counts a = alloc_counts_now();
	char *s = NULL;
	for (size_t n = 1; n <= 4096; n++) {
		char *t = asrt_grow(s, n);
		EXPECT(t != NULL);
		if (!t)
			break;
		s = t;
		s[n - 1] = (char)n;
	}
	struct alloc_counts b = alloc_counts_now();
	EXPECT(b.realloc_calls - a.realloc_calls <= 7);
	int intact = 1;
	for (size_t n = 1; s && n <= 4096; n++)
		intact &= s[n - 1] == (char)n;
	EXPECT(intact);
	free(s);
}

int main(void)
{
	test_amortised();
	test_small_sizes_quadruple();
	test_in_place_is_free();
	test_zero_is_realloc();
	test_from_null();
	test_failure_keeps_block();
	test_with_fallback();
	return check_status("runtime-core/test_grow");
}
