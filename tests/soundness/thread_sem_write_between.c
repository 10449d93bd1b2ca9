/* expect: any
 * flags: -pthread
 * trap: a thread writes the source, then posts a semaphore the copy's
 *   function waits on between allocation and copy.
 */
#include <pthread.h>
#include <semaphore.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
static char src[] = "semaphore";
static sem_t go, done;

static void *writer(void *arg)
{
	(void)arg;
	sem_wait(&go);
	src[1] = 'E';
	sem_post(&done);
	return NULL;
}

int main(void)
{
	pthread_t t;
	sem_init(&go, 0, 0);
	sem_init(&done, 0, 0);
	if (pthread_create(&t, NULL, writer, NULL))
		return 1;
	char *c = malloc(sizeof src); // site
	if (!c)
		return 1;
	sem_post(&go);
	sem_wait(&done);
	memcpy(c, src, sizeof src);
	pthread_join(t, NULL);
	printf("%s\n", c);
	free(c);
	return 0;
}
