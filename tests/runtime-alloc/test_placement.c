/* Where blocks lie. Small blocks a thread allocates one after another lie
 * one after another, ascending, so that a program reading them in the order
 * it made them streams through memory (bench_duparray's keep shape ran 2x
 * slower when the thread cache handed each batch out backwards). A mid-size
 * request takes the tighter of two holes of its size bin, not the one freed
 * last. */
#include "check.h"

#include <pthread.h>
#include <stdint.h>

enum { N = 400,
       SIZE = 48 };

static void *allocate_in_order(void *arg)
{
	int *ascending = arg;
	static char *p[N];
	for (int i = 0; i < N; i++)
		ASSERT((p[i] = malloc(SIZE)) != NULL);
	for (int i = 1; i < N; i++)
		*ascending += p[i] > p[i - 1] && p[i] - p[i - 1] <= 2 * SIZE;
	for (int i = 0; i < N; i++)
		free(p[i]);
	return NULL;
}

/* Two holes in the bin of 19,456..20,479-byte chunks, separated by used
 * blocks so that they do not merge: 20,048 bytes, then 20,464 freed last
 * (the head of the bin). */
static void tighter_hole(void)
{
	char *guard[3], *tight, *loose;
	guard[0] = malloc(5000);
	tight = malloc(20020);
	guard[1] = malloc(5000);
	loose = malloc(20440);
	guard[2] = malloc(5000);
	ASSERT(guard[0] && tight && guard[1] && loose && guard[2]);
	free(tight);
	free(loose);
	char *p = malloc(20000);
	EXPECT(p == tight);
	free(p);
	for (int i = 0; i < 3; i++)
		free(guard[i]);
}

int main(void)
{
	tighter_hole();
	/* A fresh thread: its cache is empty, every block comes from a refill. */
	pthread_t t;
	int ascending = 0;
	ASSERT(pthread_create(&t, NULL, allocate_in_order, &ascending) == 0);
	ASSERT(pthread_join(t, NULL) == 0);
	/* A slab boundary or a refill may break the run now and then. */
	EXPECT(ascending >= N * 9 / 10);
	if (ascending < N * 9 / 10)
		fprintf(stderr, "test_placement: %d of %d steps ascending\n", ascending, N - 1);
	return check_status("test_placement");
}
