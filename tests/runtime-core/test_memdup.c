/* test_memdup.c — asrt_memdup and asrt_memdup_with: one allocation, an exact
 * copy, NULL on failure like malloc. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <asrt/asrt.h>
#include "check.h"
#include "count_alloc.h"

static unsigned long family_calls;
static size_t family_last_n;

static void *family_alloc(size_t n)
{
	family_calls++;
	family_last_n = n;
	return malloc(n);
}

static void *failing_alloc(size_t n)
{
	(void)n;
	return NULL;
}

static void test_copy(void)
{
	const char src[] = "the quick brown fox";
	struct alloc_counts a = alloc_counts_now();
	char *p = asrt_memdup(src, sizeof src);
	struct alloc_counts b = alloc_counts_now();
	EXPECT(p != NULL && p != src);
	EXPECT(p && memcmp(p, src, sizeof src) == 0);
	EXPECT(alloc_calls_between(&a, &b) == 1);
	free(p);
}

static void test_zero(void)
{
	void *p = asrt_memdup(NULL, 0);
	EXPECT(p != NULL); /* NULL only ever means failure */
	free(p);
}

static void test_huge_fails(void)
{
	char src[16] = { 0 };
	/* Read at run time: the compiler would warn of a constant size past
	 * any object's (the helpers' alloc_size attribute). */
	volatile size_t half = SIZE_MAX / 2, most = SIZE_MAX - 8;
	EXPECT(asrt_memdup(src, half) == NULL);
	EXPECT(asrt_memdup_at(src, most, "huge.c:1") == NULL);
}

static void test_with_family(void)
{
	int src[64];
	for (int i = 0; i < 64; i++)
		src[i] = i * i;
	int *p = asrt_memdup_with(family_alloc, src, sizeof src);
	EXPECT(family_calls == 1 && family_last_n == sizeof src);
	EXPECT(p && memcmp(p, src, sizeof src) == 0);
	free(p);
	p = ASRT_MEMDUP_WITH(family_alloc, src, 0);
	EXPECT(family_calls == 2 && family_last_n == 1);
	free(p);
	EXPECT(asrt_memdup_with(failing_alloc, src, sizeof src) == NULL);
	EXPECT(asrt_memdup_with_at(failing_alloc, src, 1, "f.c:2") == NULL);
}

int main(void)
{
	test_copy();
	test_zero();
	test_huge_fails();
	test_with_family();
	return check_status("runtime-core/test_memdup");
}
