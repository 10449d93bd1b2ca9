/* expect: rewritten
 * flags: -pthread
 * sound: the region waits on a volatile flag another thread sets, but the
 *   source is this function's own automatic array, filled by a literal and
 *   by pack calls, whose address is never taken or handed on: no other
 *   thread can write it.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static volatile int ready;

static void *setter(void *arg)
{
	(void)arg;
	ready = 1;
	return NULL;
}

int main(void)
{
	pthread_t t;
	char src[16] = "private";
	if (pthread_create(&t, NULL, setter, NULL))
		return 1;
	src[0] = 'q';
	char *p = malloc(sizeof src); // site
	if (!p)
		return 1;
	while (!ready)
		;
	memcpy(p, src, sizeof src);
	pthread_join(t, NULL);
	src[0] = 'P';
	printf("%s %s %zu\n", p, src, strlen(src));
	free(p);
	return 0;
}
