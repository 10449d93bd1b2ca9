/* expect: refused
 * flags: -pthread -D_POSIX_C_SOURCE=200809L
 * trap: the source is a local's fresh block, but the local is handed to
 *   another thread, which (after a sleep) writes it while this one spins on
 *   an _Atomic flag between the allocation and the copy.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static _Atomic int done;

static void *writer(void *arg)
{
	char *s = arg;
	struct timespec nap = { 0, 200000000 };
	nanosleep(&nap, NULL);
	s[0] = 'W';
	done = 1;
	return NULL;
}

int main(void)
{
	pthread_t t;
	char *src = malloc(6);
	if (!src)
		return 1;
	memcpy(src, "owned", 6);
	if (pthread_create(&t, NULL, writer, src))
		return 1;
	char *p = malloc(6); // site
	if (!p)
		return 1;
	while (!done)
		;
	memcpy(p, src, 6);
	pthread_join(t, NULL);
	printf("%s %s\n", p, src);
	free(p);
	free(src);
	return 0;
}
