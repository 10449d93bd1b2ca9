/* expect: rewritten
 * flags: -pthread
 * sound: the region waits on a volatile flag another thread sets, but the
 *   source is a block this function allocated itself and never handed on:
 *   no other thread can write it.
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
	char *src = malloc(8);
	if (!src)
		return 1;
	memcpy(src, "private", 8);
	if (pthread_create(&t, NULL, setter, NULL))
		return 1;
	char *p = malloc(8); // site
	if (!p)
		return 1;
	while (!ready)
		;
	memcpy(p, src, 8);
	pthread_join(t, NULL);
	src[0] = 'P';
	printf("%s %s\n", p, src);
	free(p);
	free(src);
	return 0;
}
