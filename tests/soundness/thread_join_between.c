/* expect: any
 * flags: -pthread
 * trap: the thread that writes the source is joined between the
 *   allocation and the copy.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
static char src[] = "joined";

static void *writer(void *arg)
{
	(void)arg;
	src[0] = 'J';
	return NULL;
}

int main(void)
{
	pthread_t t;
	if (pthread_create(&t, NULL, writer, NULL))
		return 1;
	char *c = malloc(sizeof src); // site
	if (!c)
		return 1;
	pthread_join(t, NULL);
	memcpy(c, src, sizeof src);
	printf("%s\n", c);
	free(c);
	return 0;
}
