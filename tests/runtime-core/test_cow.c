/* test_cow.c — copy-on-write contracts on one thread: borrowing read-only
 * data without any allocation, copying everything else once, refcounted
 * shares, mut on borrowed / shared / private pointers, release. */
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <asrt/asrt.h>
#include "asrt_core_internal.h"
#include "check.h"
#include "count_alloc.h"

static const int table[44] = { 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 0,
			       1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 1,
			       2, 3, 4, 5, 6, 7, 8, 9, 0, 1, 2,
			       3, 4, 5, 6, 7, 8, 9, 0, 1, 2, 3 };
static int writable_table[8] = { 1, 2, 3, 4, 5, 6, 7, 8 };

static void test_literal_borrowed(void)
{
	const char *lit = "a string literal";
	asrt_cow_release(asrt_cow_share(lit, 17)); /* first use scans the segments */
	struct alloc_counts a = alloc_counts_now();
	const char *p = asrt_cow_share(lit, 17);
	const int *t = asrt_cow_share(table, sizeof table);
	asrt_cow_release((void *)p);
	asrt_cow_release((void *)t);
	struct alloc_counts b = alloc_counts_now();
	EXPECT(p == lit);
	EXPECT(t == table);
	EXPECT(alloc_calls_between(&a, &b) == 0);
	EXPECT(b.free_calls == a.free_calls);
	EXPECT(asrt__core_cow_refs(p) == 0);
}

/* The duparray shape: many kept copies of one literal array. */
static void test_many_kept_copies(void)
{
	enum { COPIES = 10000 };
	static const int *copies[COPIES];
	struct alloc_counts a = alloc_counts_now();
	for (int i = 0; i < COPIES; i++)
		copies[i] = asrt_cow_share(table, sizeof table);
	struct alloc_counts b = alloc_counts_now();
	EXPECT(alloc_calls_between(&a, &b) == 0);
	int *w = asrt_cow_mut((void *)copies[7], sizeof table);
	EXPECT(w != NULL && w != table);
	if (w) {
		w[0] = 99;
		copies[7] = w;
	}
	EXPECT(table[0] == 0 && copies[7][0] == 99 && copies[8][0] == 0);
	for (int i = 0; i < COPIES; i++)
		asrt_cow_release((void *)copies[i]);
}

static void test_writable_sources_copied(void)
{
	int stack[4] = { 4, 3, 2, 1 };
	int *heap = malloc(sizeof stack);
	EXPECT(heap != NULL);
	memcpy(heap, stack, sizeof stack);
	int *a = asrt_cow_share(writable_table, sizeof writable_table);
	int *b = asrt_cow_share(stack, sizeof stack);
	int *c = asrt_cow_share(heap, sizeof stack);
	EXPECT(a && a != writable_table && memcmp(a, writable_table, 32) == 0);
	EXPECT(b && b != stack && memcmp(b, stack, sizeof stack) == 0);
	EXPECT(c && c != heap && memcmp(c, heap, sizeof stack) == 0);
	writable_table[0] = 100; /* the copy does not see later writes */
	EXPECT(a && a[0] == 1);
	writable_table[0] = 1;
	EXPECT(asrt__core_cow_refs(c) == 1);
	asrt_cow_release(a);
	asrt_cow_release(b);
	asrt_cow_release(c);
	free(heap);
}

static void test_share_of_block_bumps(void)
{
	char buf[] = "shared heap data";
	char *a = asrt_cow_share(buf, sizeof buf);
	struct alloc_counts before = alloc_counts_now();
	char *b = asrt_cow_share(a, sizeof buf);
	struct alloc_counts after = alloc_counts_now();
	EXPECT(b == a);
	EXPECT(alloc_calls_between(&before, &after) == 0);
	EXPECT(asrt__core_cow_refs(a) == 2);
	/* mut on a shared block: a private copy, the other owner unchanged. */
	char *w = asrt_cow_mut(b, sizeof buf);
	EXPECT(w && w != a);
	if (w) {
		w[0] = 'S';
		b = w;
	}
	EXPECT(a[0] == 's' && b[0] == 'S');
	EXPECT(asrt__core_cow_refs(a) == 1 && asrt__core_cow_refs(b) == 1);
	/* mut on a private block: in place, no allocation. */
	before = alloc_counts_now();
	EXPECT(asrt_cow_mut(a, sizeof buf) == a);
	after = alloc_counts_now();
	EXPECT(alloc_calls_between(&before, &after) == 0);
	before = alloc_counts_now();
	asrt_cow_release(a);
	asrt_cow_release(b);
	after = alloc_counts_now();
	EXPECT(after.free_calls - before.free_calls == 2);
}

static void test_mut_borrowed(void)
{
	const char *lit = "literal to write";
	char *p = asrt_cow_share(lit, 17);
	EXPECT(p == lit);
	char *w = asrt_cow_mut_at(p, 17, "mut.c:1");
	EXPECT(w && w != lit && strcmp(w, lit) == 0);
	if (w)
		w[0] = 'L';
	EXPECT(lit[0] == 'l');
	EXPECT(asrt__core_cow_refs(w) == 1);
	struct alloc_counts a = alloc_counts_now();
	asrt_cow_release(w); /* a private copy is freed by release */
	struct alloc_counts b = alloc_counts_now();
	EXPECT(b.free_calls - a.free_calls == 1);
}

static void test_failures(void)
{
	char buf[32] = "out of memory, still valid";
	char *big = malloc(64);
	EXPECT(big != NULL);
	EXPECT(asrt_cow_share(big, SIZE_MAX / 2) == NULL);
	EXPECT(asrt_cow_share(big, SIZE_MAX - 4) == NULL);
	free(big);
	char *a = asrt_cow_share(buf, sizeof buf);
	char *b = asrt_cow_share(a, sizeof buf);
	const char *lit = "borrowed";
	alloc_fail(1);
	char *w = asrt_cow_mut(b, sizeof buf);
	char *v = asrt_cow_mut((void *)lit, 9);
	char *c = asrt_cow_share(buf, sizeof buf);
	alloc_fail(0);
	EXPECT(w == NULL && v == NULL && c == NULL);
	EXPECT(asrt__core_cow_refs(a) == 2 && strcmp(b, buf) == 0);
	asrt_cow_release(b);
	asrt_cow_release(a);
	asrt_cow_release(NULL);
	EXPECT(asrt_cow_mut(NULL, 1) == NULL);
}

/* The rewriter's write has no error path: out of memory there must stop the
 * program with the site named, never return NULL to be written through. */
static void test_mut_or_abort(void)
{
	char buf[16] = "kept";
	char *a = asrt_cow_share(buf, sizeof buf);
	char *b = asrt_cow_share(a, sizeof buf);
	EXPECT(asrt_cow_mut_or_abort_at(NULL, 1, "mut.c:8") == NULL);
	int fds[2];
	EXPECT(pipe(fds) == 0);
	fflush(stderr);
	pid_t pid = fork();
	if (pid == 0) {
		dup2(fds[1], 2);
		alloc_fail(1);
		asrt_cow_mut_or_abort_at(b, sizeof buf, "mut.c:9");
		_exit(0);
	}
	close(fds[1]);
	char msg[256] = "";
	ssize_t got = read(fds[0], msg, sizeof msg - 1);
	close(fds[0]);
	int status = 0;
	EXPECT(waitpid(pid, &status, 0) == pid);
	EXPECT(WIFSIGNALED(status) && WTERMSIG(status) == SIGABRT);
	EXPECT(got > 0 && strstr(msg, "at mut.c:9: out of memory") != NULL);
	char *w = asrt_cow_mut_or_abort_at(b, sizeof buf, "mut.c:10");
	EXPECT(w != NULL && w != a && strcmp(w, "kept") == 0);
	asrt_cow_release(w);
	asrt_cow_release(a);
}

static void test_empty(void)
{
	void *p = asrt_cow_share(NULL, 0);
	EXPECT(p != NULL);
	asrt_cow_release(p);
}

/* asrt.h answers share and release inline when the source lies in the range
 * of the last borrow: exactly that range, nothing past its end. */
static void test_inline_fast_path_bounds(void)
{
	asrt_cow_release(asrt_cow_share(table, sizeof table));
	const struct asrt__span *h = asrt__ro_span;
	EXPECT((uintptr_t)table - h->asrt__lo < h->asrt__len);
	if (h->asrt__len < 16)
		return;
	uintptr_t hi = h->asrt__lo + h->asrt__len;
	const char *end = (const char *)hi - 16;
	struct alloc_counts a = alloc_counts_now();
	const char *p = asrt_cow_share(end, 16);
	asrt_cow_release((void *)p);
	struct alloc_counts b = alloc_counts_now();
	EXPECT(p == end && alloc_calls_between(&a, &b) == 0);
	/* One byte past the range: a copy. Only read when that byte shares the
   * last page, which is then mapped. */
	if (hi % 4096 != 0) {
		char *q = asrt_cow_share(end, 17);
		EXPECT(q != NULL && q != end && asrt__core_cow_refs(q) == 1);
		EXPECT(q && memcmp(q, end, 17) == 0);
		a = alloc_counts_now();
		asrt_cow_release(q); /* not borrowed: the release frees it */
		b = alloc_counts_now();
		EXPECT(b.free_calls - a.free_calls == 1);
	}
	/* Heap blocks next to the fast path still count references. */
	char buf[] = "heap";
	char *x = asrt_cow_share(buf, sizeof buf);
	char *y = asrt_cow_share(x, sizeof buf);
	EXPECT(x && y == x && asrt__core_cow_refs(x) == 2);
	asrt_cow_release(y);
	EXPECT(asrt__core_cow_refs(x) == 1);
	asrt_cow_release(x);
}

int main(void)
{
	test_literal_borrowed();
	test_many_kept_copies();
	test_writable_sources_copied();
	test_share_of_block_bumps();
	test_mut_borrowed();
	test_failures();
	test_mut_or_abort();
	test_empty();
	test_inline_fast_path_bounds();
	return check_status("runtime-core/test_cow");
}
