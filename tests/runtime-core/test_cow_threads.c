/* test_cow_threads.c — reference counts across threads: many threads share,
 * read, mutate and release the same block and the same literal at once;
 * the block must end with exactly its owner's reference, and every private
 * copy must be freed exactly once (the sanitizer and valgrind runs check
 * the frees). Usage: test_cow_threads [THREADS] [ITERATIONS] */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <asrt/asrt.h>
#include "asrt_core_internal.h"
#include "check.h"

#define LEN 256

static const char literal[LEN] = "a literal shared by every thread";
static char *block; /* the main thread's reference keeps it alive */
static long iterations = 20000;
static _Atomic long bad_reads;

static void read_check(const char *p, const char *expect)
{
	if (memcmp(p, expect, LEN) != 0)
		atomic_fetch_add(&bad_reads, 1);
}

static void *worker(void *arg)
{
	long id = (long)(size_t)arg;
	for (long i = 0; i < iterations; i++) {
		char *b = asrt_cow_share_at(block, LEN, "threads.c:1");
		char *l = asrt_cow_share_at(literal, LEN, "threads.c:2");
		read_check(b, block);
		read_check(l, literal);
		if ((i + id) % 8 == 0) {
			/* Writers get their own copies; nobody else may see the write. */
			char *w = asrt_cow_mut_at(b, LEN, "threads.c:3");
			if (!w) {
				atomic_fetch_add(&bad_reads, 1);
			} else {
				w[0] = 'W';
				b = w;
			}
		}
		asrt_cow_release_at(b, "threads.c:4");
		asrt_cow_release_at(l, "threads.c:5");
	}
	return NULL;
}

int main(int argc, char **argv)
{
	long threads = argc > 1 ? atol(argv[1]) : 8;
	if (argc > 2)
		iterations = atol(argv[2]);
	char src[LEN] = "heap block shared by every thread";
	block = asrt_cow_share(src, LEN);
	EXPECT(block != NULL);
	if (!block)
		return check_status("runtime-core/test_cow_threads");
	pthread_t tid[64];
	if (threads > 64)
		threads = 64;
	for (long t = 0; t < threads; t++)
		EXPECT(pthread_create(&tid[t], NULL, worker, (void *)(size_t)t) == 0);
	for (long t = 0; t < threads; t++)
		pthread_join(tid[t], NULL);
	EXPECT(atomic_load(&bad_reads) == 0);
	EXPECT(asrt__core_cow_refs(block) == 1);
	EXPECT(block[0] == 'h');
	asrt_cow_release(block);
	printf("%ld threads x %ld share/mut/release rounds: ok\n", threads,
	       iterations);
	return check_status("runtime-core/test_cow_threads");
}
