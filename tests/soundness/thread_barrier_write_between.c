/* expect: any
 * flags: -pthread
 * trap: another thread writes the source between two barrier waits that
 *   sit between the allocation and the copy.
 */
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
static char src[] = "barrier";
static pthread_barrier_t b1, b2;

static void *writer(void *arg)
{
	(void)arg;
	pthread_barrier_wait(&b1);
	src[0] = 'B';
	pthread_barrier_wait(&b2);
	return NULL;
}

int main(void)
{
	pthread_t t;
	pthread_barrier_init(&b1, NULL, 2);
	pthread_barrier_init(&b2, NULL, 2);
	if (pthread_create(&t, NULL, writer, NULL))
		return 1;
	char *c = malloc(sizeof src); // site
	if (!c)
		return 1;
	pthread_barrier_wait(&b1);
	pthread_barrier_wait(&b2);
	memcpy(c, src, sizeof src);
	pthread_join(t, NULL);
	printf("%s\n", c);
	free(c);
	return 0;
}
