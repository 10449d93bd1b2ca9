/* The malloc family's contracts, through the public API only: alignment,
 * exact usable sizes, realloc across every size boundary, calloc and
 * reallocarray overflow, malloc(0), free(NULL), ENOMEM on exhaustion. */
#include "check.h"

#include <errno.h>
#include <malloc.h>
#include <stdint.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

/* Sizes around every interesting boundary: the small classes, the mid heap,
 * the mmap threshold (1 MiB by default). */
static const size_t sizes[] = {
	0, 1, 15, 16, 17, 31, 48, 100,
	127, 128, 129, 160, 161, 255, 256, 257,
	500, 511, 512, 513, 1000, 1023, 1024, 1025,
	2000, 4095, 4096, 4097, 20000, 40087, 65535, 65536,
	65537, 131072, 262143, 262144, 524288, 1048575, 1048576, 1048577,
	3 << 20
};
#define NSIZES (sizeof sizes / sizeof *sizes)

/* Impossible sizes and bad alignments, hidden from the compiler's own
 * checks. */
static volatile size_t max_size = SIZE_MAX;
static volatile size_t align24 = 24, align48 = 48, align0 = 0;

static void fill(unsigned char *p, size_t n, unsigned seed)
{
	for (size_t i = 0; i < n; i++)
		p[i] = (unsigned char)(seed + i * 7);
}

static int holds(const unsigned char *p, size_t n, unsigned seed)
{
	for (size_t i = 0; i < n; i++)
		if (p[i] != (unsigned char)(seed + i * 7))
			return 0;
	return 1;
}

static void test_malloc_alignment_and_usable(void)
{
	for (size_t i = 0; i < NSIZES; i++) {
		unsigned char *p = malloc(sizes[i]);
		ASSERT(p);
		EXPECT((uintptr_t)p % 16 == 0);
		size_t u = malloc_usable_size(p);
		EXPECT(u >= sizes[i]);
		/* Exact: the whole usable size can be written; small sizes are not
     * rounded up wildly (Ruby's GC counts them). */
		EXPECT(sizes[i] < 128 || u <= sizes[i] + sizes[i] / 4 + 4096);
		memset(p, 0xab, u);
		free(p);
	}
}

static void test_malloc_zero_and_free_null(void)
{
	void *a = malloc(0), *b = malloc(0);
	EXPECT(a && b && a != b);
	free(a);
	free(b);
	free(NULL);
	EXPECT(malloc_usable_size(NULL) == 0);
}

static void test_aligned(void)
{
	for (size_t align = 1; align <= ((size_t)8 << 20); align <<= 1) {
		for (size_t i = 0; i<NSIZES; i += align> 4096 ? 7 : 3) {
			void *p = memalign(align, sizes[i]);
			ASSERT(p);
			EXPECT((uintptr_t)p % align == 0);
			memset(p, 1, sizes[i]);
			free(p);
			if (align >= sizeof(void *)) {
				EXPECT(posix_memalign(&p, align, sizes[i]) == 0);
				EXPECT((uintptr_t)p % align == 0);
				EXPECT(malloc_usable_size(p) >= sizes[i]);
				free(p);
			}
			p = aligned_alloc(align, sizes[i]);
			ASSERT(p);
			EXPECT((uintptr_t)p % align == 0);
			free(p);
		}
	}
	void *p = (void *)1;
	EXPECT(posix_memalign(&p, align24, 10) == EINVAL);
	EXPECT(posix_memalign(&p, 4, 10) == EINVAL); /* not a multiple of void* */
	EXPECT(posix_memalign(&p, 0, 10) == EINVAL);
	EXPECT(p == (void *)1);
	errno = 0;
	EXPECT(aligned_alloc(align24, 10) == NULL && errno == EINVAL);
	errno = 0;
	EXPECT(memalign(max_size / 2 + 2, 10) == NULL && errno == EINVAL);
	/* memalign rounds a non-power of two up, as glibc does. */
	p = memalign(align48, 10);
	EXPECT(p && (uintptr_t)p % 64 == 0);
	free(p);
	/* memalign(0, n) is malloc(n), as in glibc (it once looped forever). */
	p = memalign(align0, 100);
	EXPECT(p && (uintptr_t)p % 16 == 0);
	free(p);
	long page = sysconf(_SC_PAGESIZE);
	p = valloc(100);
	EXPECT(p && (uintptr_t)p % (size_t)page == 0);
	free(p);
	p = pvalloc(100);
	EXPECT(p && (uintptr_t)p % (size_t)page == 0);
	EXPECT(malloc_usable_size(p) >= (size_t)page);
	free(p);
}

static void test_realloc_preserves(void)
{
	for (size_t i = 0; i < NSIZES; i++) {
		for (size_t j = 0; j < NSIZES; j++) {
			/* Huge to huge is covered by a few pairs; each costs page faults. */
			if (sizes[i] > 300000 && sizes[j] > 300000 && (i + j) % 3)
				continue;
			unsigned char *p = malloc(sizes[i]);
			ASSERT(p);
			fill(p, sizes[i], (unsigned)(i + j));
			unsigned char *q = realloc(p, sizes[j]);
			if (sizes[j] == 0) {
				/* glibc's contract: realloc(p, 0) frees p and returns NULL. */
				EXPECT(q == NULL);
				continue;
			}
			ASSERT(q);
			size_t keep = sizes[i] < sizes[j] ? sizes[i] : sizes[j];
			EXPECT(holds(q, keep, (unsigned)(i + j)));
			EXPECT(malloc_usable_size(q) >= sizes[j]);
			memset(q, 0, sizes[j]);
			free(q);
		}
	}
	void *p = realloc(NULL, 100);
	EXPECT(p != NULL);
	free(p);
}

static void test_realloc_in_place(void)
{
	/* A mid-heap block followed by free space grows without moving. */
	unsigned char *p = malloc(5000);
	ASSERT(p);
	fill(p, 5000, 3);
	uintptr_t at = (uintptr_t)p;
	unsigned char *q = realloc(p, 9000);
	EXPECT((uintptr_t)q == at);
	EXPECT(holds(q, 5000, 3));
	unsigned char *r = realloc(q, 7000); /* shrinking never moves */
	EXPECT((uintptr_t)r == at);
	free(r);
	/* Within a size class. */
	p = malloc(100);
	at = (uintptr_t)p;
	p = realloc(p, 110);
	EXPECT((uintptr_t)p == at);
	free(p);
	/* Huge blocks use mremap where the address space allows. */
	p = malloc(4 << 20);
	at = (uintptr_t)p;
	fill(p, 4 << 20, 5);
	q = realloc(p, 2 << 20);
	EXPECT((uintptr_t)q == at);
	EXPECT(holds(q, 2 << 20, 5));
	free(q);
}

static void test_calloc(void)
{
	for (size_t i = 0; i < NSIZES; i++) {
		/* Dirty the memory first so reuse would show. */
		unsigned char *d = malloc(sizes[i]);
		if (d)
			memset(d, 0xff, sizes[i]);
		free(d);
		unsigned char *p = calloc(1, sizes[i]);
		ASSERT(p);
		size_t nz = 0;
		for (size_t k = 0; k < sizes[i]; k++)
			nz += p[k] != 0;
		EXPECT(nz == 0);
		free(p);
	}
	errno = 0;
	EXPECT(calloc(max_size / 2, 3) == NULL && errno == ENOMEM);
	errno = 0;
	EXPECT(calloc(max_size >> 31, max_size >> 31) == NULL && errno == ENOMEM);
	void *p = calloc(0, 0);
	EXPECT(p != NULL);
	free(p);
}

static void test_reallocarray(void)
{
	unsigned char *p = reallocarray(NULL, 10, 10);
	ASSERT(p);
	fill(p, 100, 9);
	errno = 0;
	unsigned char *q = reallocarray(p, max_size / 4, 8);
	EXPECT(q == NULL && errno == ENOMEM);
	if (q)
		p = q;
	EXPECT(holds(p, 100, 9)); /* unchanged on failure */
	p = reallocarray(p, 1000, 10);
	ASSERT(p);
	EXPECT(holds(p, 100, 9));
	free(p);
}

static void test_enomem(void)
{
	errno = 0;
	EXPECT(malloc(max_size) == NULL && errno == ENOMEM);
	errno = 0;
	EXPECT(malloc(max_size / 2) == NULL && errno == ENOMEM);
	errno = 0;
	EXPECT(realloc(NULL, max_size - 100) == NULL && errno == ENOMEM);
	errno = 0;
	EXPECT(memalign(4096, max_size - 4096) == NULL && errno == ENOMEM);
	/* Exhaustion under an address-space limit, in a child. */
	pid_t pid = fork();
	ASSERT(pid >= 0);
	if (pid == 0) {
		struct rlimit rl = { 256 << 20, 256 << 20 };
		setrlimit(RLIMIT_AS, &rl);
		size_t sizes_to_try[] = { 100, 5000, 200000, 4 << 20 };
		for (size_t s = 0; s < 4; s++) {
			void *head = NULL;
			for (;;) {
				void **b = malloc(sizes_to_try[s]);
				if (!b) {
					if (errno != ENOMEM)
						_exit(2);
					break;
				}
				*b = head;
				head = b;
			}
			while (head) {
				void **next = *(void **)head;
				free(head);
				head = next;
			}
		}
		_exit(0);
	}
	int st;
	waitpid(pid, &st, 0);
	EXPECT(WIFEXITED(st) && WEXITSTATUS(st) == 0);
}

int main(void)
{
	test_malloc_alignment_and_usable();
	test_malloc_zero_and_free_null();
	test_aligned();
	test_realloc_preserves();
	test_realloc_in_place();
	test_calloc();
	test_reallocarray();
	test_enomem();
	return check_status("test_contracts");
}
