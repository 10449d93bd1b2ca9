/* expect: refused
 * trap: another thread holds stdout's lock (flockfile) while it writes the
 *   source; printf between the pair, which only reads its arguments, waits
 *   for that lock, so the copy after it sees the write (whatever the timing).
 * flags: -pthread
 */
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static char g_src[8] = "before.";
static pthread_barrier_t locked;

static void *writer(void *arg)
{
	struct timespec t = { 0, 50 * 1000 * 1000 };

	(void)arg;
	flockfile(stdout);
	pthread_barrier_wait(&locked);
	nanosleep(&t, NULL);
	memcpy(g_src, "after..", 8);
	funlockfile(stdout);
	return NULL;
}

int main(void)
{
	pthread_t th;

	if (pthread_barrier_init(&locked, NULL, 2) || pthread_create(&th, NULL, writer, NULL))
		return 1;
	pthread_barrier_wait(&locked);
	char *p = malloc(sizeof g_src); // site
	if (!p)
		return 1;
	printf("copying\n");
	memcpy(p, g_src, sizeof g_src);
	printf("%s\n", p);
	pthread_join(th, NULL);
	free(p);
	return 0;
}
