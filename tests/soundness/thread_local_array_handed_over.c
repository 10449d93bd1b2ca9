/* expect: refused
 * flags: -pthread
 * trap: the source is an automatic array, but its address is handed to
 *   the thread, which writes it while this one spins between the
 *   allocation and the copy: copying at the allocation would take the
 *   bytes from before that write.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static _Atomic int go, ready;

static void *writer(void *arg)
{
	char *b = arg;
	while (!go)
		;
	strcpy(b, "after");
	ready = 1;
	return NULL;
}

int main(void)
{
	pthread_t t;
	char src[16] = "before";
	if (pthread_create(&t, NULL, writer, src))
		return 1;
	char *p = malloc(sizeof src); // site
	if (!p)
		return 1;
	go = 1;
	while (!ready)
		;
	memcpy(p, src, sizeof src);
	pthread_join(t, NULL);
	printf("%s\n", p);
	free(p);
	return 0;
}
