/* expect: any
 * flags: -pthread
 * trap: the code between the allocation and the copy spins on a plain
 *   global read through a volatile cast, with an asm memory clobber.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
static char src[] = "asm-barrier";
static int flag;

static void *writer(void *arg)
{
	(void)arg;
	src[0] = 'M';
	__asm__ __volatile__("" ::: "memory");
	*(volatile int *)&flag = 1;
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
	while (!*(volatile int *)&flag)
		__asm__ __volatile__("" ::: "memory");
	memcpy(c, src, sizeof src);
	pthread_join(t, NULL);
	printf("%s\n", c);
	free(c);
	return 0;
}
