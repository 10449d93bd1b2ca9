/* expect: refused
 * trap: the source is const, but another thread shrinks the global size
 *   while this one spins on an atomic flag between the allocation and the
 *   copy: a memdup at the allocation would read the old size, 16, past
 *   the 8-byte source.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char src[8] = "shrunk";
static size_t len = 16;
static _Atomic int started, done;

static void *shrink(void *arg)
{
	(void)arg;
	while (!started)
		;
	len = sizeof src;
	done = 1;
	return NULL;
}

int main(void)
{
	pthread_t t;
	if (pthread_create(&t, NULL, shrink, NULL))
		return 1;
	char *p = malloc(len); // site
	if (!p)
		return 1;
	started = 1;
	while (!done)
		;
	memcpy(p, src, len);
	pthread_join(t, NULL);
	printf("%s\n", p);
	free(p);
	return 0;
}
