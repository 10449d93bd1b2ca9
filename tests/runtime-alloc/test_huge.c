/* Blocks of megabytes reusing cached mappings: a smaller block cut from a
 * bigger freed one, the tail kept for the next request, a block grown by
 * realloc next to a cached tail. Every block must hold what was written,
 * calloc must give zeros whatever pages it reuses, and a double free of a
 * block whose mapping was cut must still be caught (tested in badfree). */
#include "check.h"

#include <malloc.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define MIB ((size_t)1 << 20)

static int all(const unsigned char *p, size_t n, unsigned char v)
{
	for (size_t i = 0; i < n; i += 509)
		if (p[i] != v)
			return 0;
	return n == 0 || p[n - 1] == v;
}

static void cut_and_reuse(void)
{
	unsigned char *big = malloc(25 * MIB);
	ASSERT(big);
	memset(big, 0xaa, 25 * MIB);
	free(big);
	/* From the cached 25 MiB: a 5 MiB block, its tail cached. */
	unsigned char *a = malloc(5 * MIB);
	ASSERT(a);
	EXPECT(malloc_usable_size(a) >= 5 * MIB);
	memset(a, 0x11, 5 * MIB);
	/* Reused pages must read as zeros through calloc. */
	unsigned char *z = calloc(1, 9 * MIB);
	ASSERT(z);
	EXPECT(all(z, 9 * MIB, 0));
	memset(z, 0x22, 9 * MIB);
	unsigned char *z2 = calloc(3, 3 * MIB);
	ASSERT(z2);
	EXPECT(all(z2, 9 * MIB, 0));
	/* Grown past the cut while the tail may still be mapped next to it. */
	a = realloc(a, 30 * MIB);
	ASSERT(a);
	EXPECT(all(a, 5 * MIB, 0x11));
	memset(a + 5 * MIB, 0x33, 25 * MIB);
	EXPECT(all(z, 9 * MIB, 0x22));
	free(z);
	free(z2);
	/* Shrunk, then a cycle of sizes up and down, contents checked. */
	a = realloc(a, 6 * MIB);
	ASSERT(a);
	EXPECT(all(a, 5 * MIB, 0x11) && all(a + 5 * MIB, MIB, 0x33));
	free(a);
	unsigned char *keep[6] = { 0 };
	for (int i = 0; i < 60; i++) {
		size_t n = (size_t)(1 + (i * 7) % 23) * MIB + (size_t)i * 4099;
		int k = i % 6;
		unsigned char *p = (i % 3) ? malloc(n) : calloc(1, n);
		ASSERT(p);
		if (i % 3 == 0)
			EXPECT(all(p, n, 0));
		memset(p, i & 0xff, n);
		if (keep[k]) {
			EXPECT(all(keep[k], malloc_usable_size(keep[k]) < MIB ? 0 : MIB,
				   (unsigned char)((i - 6) & 0xff)));
			free(keep[k]);
		}
		keep[k] = p;
	}
	for (int k = 0; k < 6; k++)
		free(keep[k]);
}

int main(void)
{
	cut_and_reuse();
	return check_status("test_huge");
}
