/* expect: any
 * flags: -pthread
 * trap: the code between the allocation and the copy spins on
 *   __atomic_load_n (a builtin, not <stdatomic.h>) for a thread that
 *   writes the source first.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
static char src[] = "builtin-atomic";
static int flag;

static void *writer(void *arg)
{
	(void)arg;
	src[0] = 'B';
	__atomic_store_n(&flag, 1, __ATOMIC_RELEASE);
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
	while (!__atomic_load_n(&flag, __ATOMIC_ACQUIRE))
		;
	memcpy(c, src, sizeof src);
	pthread_join(t, NULL);
	printf("%s\n", c);
	free(c);
	return 0;
}
