/* test_probe.c — the counting probes of asrt_probe.h: the macros give back
 * their argument's value and type, each kind counts calls and bytes, the
 * counts of many threads add up exactly, probed reallocs count moves and the
 * bytes they copied, pairs nest, a deep nest or a lost half is safe, the
 * probes never allocate, and a forked child starts from zero. */
#define _POSIX_C_SOURCE 200809L /* fork */
#include <limits.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <asrt/asrt_probe.h>
#include "asrt_core_internal.h"
#include "check.h"
#include "count_alloc.h"

#define SAME_TYPE(e, T) \
	_Static_assert(__builtin_types_compatible_p(__typeof__(e), T), #e " is " #T)

struct node {
	int v;
};
enum colour { RED,
	      GREEN };

static void totals(const char *site, unsigned long long *t)
{
	asrt__core_site_totals(site, ASRT_KIND_PROBE, t);
}

static void test_value_and_type(void)
{
	int i = -5;
	size_t z = SIZE_MAX;
	long l = LONG_MIN;
	unsigned char uc = 255;
	enum colour c = GREEN;
	_Bool b = 1;
	const char *cs = "text";
	char buf[16] = "buffer";
	struct node n = { 1 }, *np = &n;
	const struct node *cnp = &n;
	void *vp = &n;

	SAME_TYPE(ASRT_PROBE_N("t.c:1", ASRT_PROBE_ALLOC, 1, i), int);
	SAME_TYPE(ASRT_PROBE_N("t.c:1", ASRT_PROBE_ALLOC, 1, z), size_t);
	SAME_TYPE(ASRT_PROBE_N("t.c:1", ASRT_PROBE_ALLOC, 1, l), long);
	SAME_TYPE(ASRT_PROBE_N("t.c:1", ASRT_PROBE_ALLOC, 1, uc), unsigned char);
	SAME_TYPE(ASRT_PROBE_N("t.c:1", ASRT_PROBE_ALLOC, 1, c), enum colour);
	SAME_TYPE(ASRT_PROBE_N("t.c:1", ASRT_PROBE_ALLOC, 1, b), _Bool);
	SAME_TYPE(ASRT_PROBE_OLD("t.c:2", np), struct node *);
	SAME_TYPE(ASRT_PROBE_NEW("t.c:2", cnp), const struct node *);
	SAME_TYPE(ASRT_PROBE_NEW("t.c:2", vp), void *);
	SAME_TYPE(ASRT_PROBE_OLD("t.c:2", buf), char *);
	SAME_TYPE(ASRT_PROBE_OLD("t.c:2", 0), void *);
	SAME_TYPE(ASRT_PROBE_OLD("t.c:2", NULL), void *);
	SAME_TYPE(ASRT_PROBE_STR("t.c:3", ASRT_PROBE_DUP, "lit"), char *);
	SAME_TYPE(ASRT_PROBE_STR("t.c:3", ASRT_PROBE_DUP, cs), const char *);
	SAME_TYPE(ASRT_PROBE_STR("t.c:3", ASRT_PROBE_DUP, buf), char *);

	EXPECT(ASRT_PROBE_N("t.c:1", ASRT_PROBE_ALLOC, 1, i) == -5);
	EXPECT(ASRT_PROBE_N("t.c:1", ASRT_PROBE_ALLOC, 1, z) == SIZE_MAX);
	EXPECT(ASRT_PROBE_N("t.c:1", ASRT_PROBE_ALLOC, 1, l) == LONG_MIN);
	EXPECT(ASRT_PROBE_N("t.c:1", ASRT_PROBE_ALLOC, 1, uc) == 255);
	EXPECT(ASRT_PROBE_N("t.c:1", ASRT_PROBE_ALLOC, 1, c) == GREEN);
	EXPECT(ASRT_PROBE_N("t.c:1", ASRT_PROBE_ALLOC, 1, b) == 1);
	EXPECT(ASRT_PROBE_OLD("t.c:2", np) == np);
	EXPECT(ASRT_PROBE_NEW("t.c:2", 0) == NULL);
	EXPECT(ASRT_PROBE_NEW("t.c:2", np) == np);
	EXPECT(ASRT_PROBE_NEW("t.c:2", cnp) == cnp);
	EXPECT(ASRT_PROBE_STR("t.c:3", ASRT_PROBE_DUP, cs) == cs);
	EXPECT(ASRT_PROBE_STR("t.c:3", ASRT_PROBE_DUP, buf) == buf);
	EXPECT(ASRT_PROBE_STR("t.c:3", ASRT_PROBE_DUP, (const char *)NULL) == NULL);

	/* Each argument is evaluated once. */
	int k = 0;
	const char *words[2] = { "a", "bb" };
	struct node *nodes[2] = { np, np };
	EXPECT(ASRT_PROBE_N("t.c:4", ASRT_PROBE_COPY, 1, k++) == 0 && k == 1);
	EXPECT(ASRT_PROBE_STR("t.c:4", ASRT_PROBE_DUP, words[k++]) == words[1] &&
	       k == 2);
	k = 0;
	EXPECT(ASRT_PROBE_OLD("t.c:5", nodes[k++]) == np && k == 1);
	EXPECT(ASRT_PROBE_NEW("t.c:5", nodes[k++]) == np && k == 2);
}

static void test_kinds(void)
{
	unsigned long long t[ASRT_FIELDS];
	ASRT_PROBE_N("kinds.c:1", ASRT_PROBE_ALLOC, 8, 10);
	ASRT_PROBE_N("kinds.c:1", ASRT_PROBE_ALLOC, 8, 3);
	ASRT_PROBE_N("kinds.c:1", ASRT_PROBE_COPY, 1, 100);
	ASRT_PROBE_N("kinds.c:1", ASRT_PROBE_REALLOC, 2, 50);
	asrt_probe_note("kinds.c:1", ASRT_PROBE_DUP, 7);
	ASRT_PROBE_STR("kinds.c:1", ASRT_PROBE_DUP, "four");
	totals("kinds.c:1", t);
	EXPECT(t[ASRT_PF_ALLOCS] == 2 && t[ASRT_PF_BYTES_ALLOC] == 104);
	EXPECT(t[ASRT_PF_COPIES] == 1 && t[ASRT_PF_BYTES_COPIED] == 100);
	EXPECT(t[ASRT_PF_REALLOCS] == 1 && t[ASRT_PF_BYTES_REALLOC] == 100);
	EXPECT(t[ASRT_PF_DUPS] == 2 && t[ASRT_PF_BYTES_DUP] == 12);
	EXPECT(t[ASRT_PF_MOVES] == 0 && t[ASRT_PF_BYTES_MOVED] == 0);
	EXPECT(t[ASRT_PF_LARGEST] == 100);

	/* Unknown bytes count the call only; a huge product saturates. */
	ASRT_PROBE_N("kinds.c:2", ASRT_PROBE_COPY, 0, 1000);
	ASRT_PROBE_STR("kinds.c:2", ASRT_PROBE_DUP, (const char *)NULL);
	totals("kinds.c:2", t);
	EXPECT(t[ASRT_PF_COPIES] == 1 && t[ASRT_PF_BYTES_COPIED] == 0);
	EXPECT(t[ASRT_PF_DUPS] == 1 && t[ASRT_PF_BYTES_DUP] == 0);
	EXPECT(t[ASRT_PF_LARGEST] == 0);
	EXPECT(asrt_probe_n("kinds.c:3", ASRT_PROBE_ALLOC, 4, ULLONG_MAX / 2) ==
	       ULLONG_MAX / 2);
	totals("kinds.c:3", t);
	EXPECT(t[ASRT_PF_BYTES_ALLOC] == ULLONG_MAX && t[ASRT_PF_LARGEST] == ULLONG_MAX);

	/* Equal texts are one site; no site, or a kind that is none, counts
	 * nothing (and still returns the value). */
	static const char other_copy[] = "kinds.c:1";
	ASRT_PROBE_N(other_copy, ASRT_PROBE_ALLOC, 1, 1);
	totals("kinds.c:1", t);
	EXPECT(t[ASRT_PF_ALLOCS] == 3);
	EXPECT(ASRT_PROBE_N((const char *)NULL, ASRT_PROBE_ALLOC, 1, 9) == 9);
	EXPECT(ASRT_PROBE_N("kinds.c:4", 4, 1, 9) == 9);
	EXPECT(ASRT_PROBE_N("kinds.c:4", -1, 1, 9) == 9);
	totals("kinds.c:4", t);
	EXPECT(t[ASRT_PF_ALLOCS] + t[ASRT_PF_COPIES] + t[ASRT_PF_REALLOCS] +
		       t[ASRT_PF_DUPS] ==
	       0);
}

/* A probed realloc of fake blocks: the probes never look at the memory, so
 * any address will do and every move is chosen by the test. */
static char blocks[8][64];
#define SITE_R "moves.c:1:realloc-churn#1"

static void *fake_realloc(const void *old, unsigned long long n, void *to)
{
	(void)old;
	(void)n;
	return to;
}

static void *step(void *p, unsigned long long elem, unsigned long long n,
		  void *to)
{
	return ASRT_PROBE_NEW(SITE_R, fake_realloc(ASRT_PROBE_OLD(SITE_R, p),
						   ASRT_PROBE_N(SITE_R, ASRT_PROBE_REALLOC,
								elem, n),
						   to));
}

static void test_moves(void)
{
	unsigned long long t[ASRT_FIELDS];
	void *p = step(NULL, 1, 16, blocks[0]); /* from NULL: no move */
	p = step(p, 1, 32, blocks[0]);          /* in place */
	p = step(p, 1, 64, blocks[1]);          /* moved: min(32, 64) */
	p = step(p, 4, 12, blocks[2]);          /* moved while shrinking: min(64, 48) */
	p = step(p, 0, 99, blocks[3]);          /* moved, new size unknown: 0 */
	p = step(p, 1, 80, blocks[4]);          /* moved, old size unknown: 0 */
	p = step(blocks[7], 1, 8, blocks[5]);   /* never seen: 0 */
	p = step(p, 1, 0, NULL);                /* failed or freed: no move */
	totals(SITE_R, t);
	EXPECT(t[ASRT_PF_REALLOCS] == 8);
	EXPECT(t[ASRT_PF_BYTES_REALLOC] == 16 + 32 + 64 + 48 + 80 + 8);
	EXPECT(t[ASRT_PF_MOVES] == 5);
	EXPECT(t[ASRT_PF_BYTES_MOVED] == 32 + 48);
	EXPECT(t[ASRT_PF_LARGEST] == 80);
	(void)p;

	/* A real growth loop: moves and the bytes they copied, as the test
	 * sees them. */
	static const char site[] = "moves.c:2:realloc-churn#2";
	char *q = NULL;
	unsigned long long moves = 0, moved = 0, size = 0;
	for (unsigned long long n = 24; n < 200000; n += n / 4) {
		char *before = q;
		q = ASRT_PROBE_NEW(site, realloc(ASRT_PROBE_OLD(site, q),
						 ASRT_PROBE_N(site, ASRT_PROBE_REALLOC, 1, n)));
		ASSERT(q != NULL);
		if (before && q != before) {
			moves++;
			moved += size;
		}
		size = n;
	}
	free(q);
	totals(site, t);
	EXPECT(t[ASRT_PF_MOVES] == moves && moves > 0);
	EXPECT(t[ASRT_PF_BYTES_MOVED] == moved);
}

/* p = NEW(S1, realloc(OLD(S1, p), N(S1, NEW(S2, realloc(OLD(S2, q), ...)))))
 * in the order a compiler may evaluate it. */
static void test_nesting(void)
{
	unsigned long long t1[ASRT_FIELDS], t2[ASRT_FIELDS];
	const char *s1 = "nest.c:1:realloc-churn#1", *s2 = "nest.c:2:realloc-churn#2";
	asrt_probe_new(s1, blocks[5]); /* nothing pushed: counts nothing */
	asrt_probe_note(s1, ASRT_PROBE_REALLOC, 16);
	asrt_probe_old(s1, NULL);
	asrt_probe_new(s1, blocks[0]); /* from NULL: blocks[0] has 16 bytes */
	asrt_probe_note(s2, ASRT_PROBE_REALLOC, 8);
	asrt_probe_old(s2, NULL);
	asrt_probe_new(s2, blocks[1]); /* and blocks[1] 8 */
	asrt_probe_old(s1, blocks[0]);
	asrt_probe_old(s2, blocks[1]);
	asrt_probe_note(s2, ASRT_PROBE_REALLOC, 24);
	asrt_probe_new("nest.c:3", blocks[6]); /* not the top's: ignored */
	asrt_probe_new(s2, blocks[2]);         /* moved, min(8, 24) */
	asrt_probe_note(s1, ASRT_PROBE_REALLOC, 32);
	asrt_probe_new(s1, blocks[3]); /* moved, min(16, 32) */
	totals(s1, t1);
	totals(s2, t2);
	EXPECT(t1[ASRT_PF_MOVES] == 1 && t1[ASRT_PF_BYTES_MOVED] == 16);
	EXPECT(t2[ASRT_PF_MOVES] == 1 && t2[ASRT_PF_BYTES_MOVED] == 8);
	totals("nest.c:3", t1);
	EXPECT(t1[ASRT_PF_MOVES] == 0);
}

/* Deeper than the stack: the innermost 16 pairs count, the rest do not,
 * and the stack is fine afterwards; halves that never come back (a longjmp
 * out of the arguments) are pushed out by later pairs. */
static void test_overflow(void)
{
	unsigned long long t[ASRT_FIELDS];
	const char *s = "deep.c:1:realloc-churn#1";
	for (int i = 0; i < 20; i++)
		asrt_probe_old(s, &blocks[0][i]);
	for (int i = 19; i >= 0; i--)
		asrt_probe_new(s, &blocks[1][i]);
	totals(s, t);
	EXPECT(t[ASRT_PF_MOVES] == 16);
	for (int i = 0; i < 100; i++)
		asrt_probe_old("lost.c:1", &blocks[2][i % 64]);
	const char *s2 = "deep.c:2:realloc-churn#2";
	asrt_probe_old(s2, blocks[3]);
	asrt_probe_new(s2, blocks[4]);
	totals(s2, t);
	EXPECT(t[ASRT_PF_MOVES] == 1);
}

static void test_no_allocation(void)
{
	struct alloc_counts a = alloc_counts_now();
	for (int i = 0; i < 100; i++) {
		ASRT_PROBE_N("quiet.c:1", ASRT_PROBE_ALLOC, 1, i);
		asrt_probe_new("quiet.c:2", asrt_probe_old("quiet.c:2", blocks[i % 8]));
		ASRT_PROBE_STR("quiet.c:3", ASRT_PROBE_DUP, "abc");
	}
	struct alloc_counts b = alloc_counts_now();
	EXPECT(alloc_calls_between(&a, &b) == 0);
}

/* 8 threads on 3 sites: the totals are exact once they are joined, and
 * while one still runs. */
enum { THREADS = 8,
       CALLS = 20000 };
static const char *const hammered[3] = { "hammer.c:1:alloc-copy#a",
					 "hammer.c:2:dup-call#b",
					 "hammer.c:3:realloc-churn#c" };

static void *hammer(void *arg)
{
	unsigned long long id = (unsigned long long)(uintptr_t)arg;
	for (int i = 0; i < CALLS; i++) {
		ASRT_PROBE_N(hammered[0], ASRT_PROBE_COPY, 1, 10 + id);
		ASRT_PROBE_STR(hammered[1], ASRT_PROBE_DUP, "xyz");
		asrt_probe_old(hammered[2], &blocks[id][i & 1]);
		asrt_probe_new(hammered[2], &blocks[id][(i + 1) & 1]);
		ASRT_PROBE_N(hammered[2], ASRT_PROBE_REALLOC, 2, 3);
	}
	return NULL;
}

static void test_threads(void)
{
	pthread_t t[THREADS];
	for (int i = 0; i < THREADS; i++)
		EXPECT(pthread_create(&t[i], NULL, hammer, (void *)(uintptr_t)i) == 0);
	for (int i = 0; i < THREADS; i++)
		pthread_join(t[i], NULL);
	unsigned long long v[ASRT_FIELDS];
	totals(hammered[0], v);
	EXPECT(v[ASRT_PF_COPIES] == THREADS * CALLS);
	EXPECT(v[ASRT_PF_BYTES_COPIED] == (unsigned long long)CALLS * (8 * 10 + 28));
	EXPECT(v[ASRT_PF_LARGEST] == 10 + THREADS - 1);
	totals(hammered[1], v);
	EXPECT(v[ASRT_PF_DUPS] == THREADS * CALLS && v[ASRT_PF_BYTES_DUP] == 4ull * THREADS * CALLS);
	totals(hammered[2], v);
	EXPECT(v[ASRT_PF_REALLOCS] == THREADS * CALLS &&
	       v[ASRT_PF_BYTES_REALLOC] == 6ull * THREADS * CALLS);
	/* Each thread's first two moves had no size yet (its cache is its own). */
	EXPECT(v[ASRT_PF_MOVES] == THREADS * CALLS &&
	       v[ASRT_PF_BYTES_MOVED] == 6ull * THREADS * (CALLS - 2));
}

static void test_fork_child_starts_at_zero(void)
{
	unsigned long long t[ASRT_FIELDS];
	const char *s = "fork.c:1:alloc-copy#f";
	for (int i = 0; i < 5; i++)
		ASRT_PROBE_N(s, ASRT_PROBE_ALLOC, 1, 3);
	pid_t pid = fork();
	if (pid == 0) {
		int ok = 1;
		totals(s, t);
		for (unsigned f = 0; f < ASRT_FIELDS; f++)
			ok &= t[f] == 0;
		totals(hammered[0], t);
		ok &= t[ASRT_PF_COPIES] == 0;
		ASRT_PROBE_N(s, ASRT_PROBE_ALLOC, 1, 3);
		ASRT_PROBE_N(s, ASRT_PROBE_ALLOC, 1, 3);
		totals(s, t);
		ok &= t[ASRT_PF_ALLOCS] == 2 && t[ASRT_PF_BYTES_ALLOC] == 6;
		_exit(ok ? 0 : 1);
	}
	int status = -1;
	EXPECT(pid > 0 && waitpid(pid, &status, 0) == pid && status == 0);
	totals(s, t);
	EXPECT(t[ASRT_PF_ALLOCS] == 5);
}

int main(void)
{
	test_value_and_type();
	test_kinds();
	test_moves();
	test_nesting();
	test_overflow();
	test_no_allocation();
	test_threads();
	test_fork_child_starts_at_zero();
	return check_status("runtime-core/test_probe");
}
