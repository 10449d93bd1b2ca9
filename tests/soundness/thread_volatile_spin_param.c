/* expect: refused
 * flags: -pthread -D_POSIX_C_SOURCE=200809L
 * trap: the source comes in through a pointer parameter (memory another
 *   thread holds too); between the allocation and the copy this thread
 *   waits on a volatile flag while the other thread writes the source.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static char shared[8] = "old";
static volatile int done;

static void *writer(void *arg)
{
	char *s = arg;
	struct timespec nap = { 0, 200000000 };
	nanosleep(&nap, NULL);
	__atomic_thread_fence(__ATOMIC_SEQ_CST);
	memcpy(s, "new", 4);
	__atomic_thread_fence(__ATOMIC_SEQ_CST);
	done = 1;
	return NULL;
}

static char *grab(char *src, size_t n)
{
	char *p = malloc(n); // site
	if (!p)
		return NULL;
	while (!done)
		;
	memcpy(p, src, n);
	return p;
}

int main(void)
{
	pthread_t t;
	if (pthread_create(&t, NULL, writer, shared))
		return 1;
	char *p = grab(shared, sizeof shared);
	pthread_join(t, NULL);
	if (!p)
		return 1;
	printf("%s\n", p);
	free(p);
	return 0;
}
