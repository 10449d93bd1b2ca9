/* expect: refused
 * trap: the source is _Thread_local, but its address is published; a
 *   thread created and joined between the allocation and the copy writes
 *   this thread's instance through it.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static _Thread_local char src[16] = "mine";
static char *published;

static void *writer(void *arg)
{
	(void)arg;
	memcpy(published, "theirs", 7);
	return NULL;
}

int main(void)
{
	pthread_t t;
	published = src;
	char *p = malloc(sizeof src); // site
	if (!p)
		return 1;
	if (pthread_create(&t, NULL, writer, NULL))
		return 1;
	pthread_join(t, NULL);
	memcpy(p, src, sizeof src);
	printf("%s\n", p);
	free(p);
	return 0;
}
