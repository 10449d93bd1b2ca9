/* expect: refused
 * flags: -pthread
 * trap: between the allocation and the copy this thread spins on an
 *   _Atomic flag while another thread writes the global source: copying at
 *   the allocation would take the bytes from before that write.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char buf[16] = "before";
static _Atomic int go, ready;

static void *writer(void *arg)
{
	(void)arg;
	while (!go)
		;
	strcpy(buf, "after");
	ready = 1;
	return NULL;
}

int main(void)
{
	pthread_t t;
	if (pthread_create(&t, NULL, writer, NULL))
		return 1;
	char *p = malloc(sizeof buf); // site
	if (!p)
		return 1;
	go = 1;
	while (!ready)
		;
	memcpy(p, buf, sizeof buf);
	pthread_join(t, NULL);
	printf("%s\n", p);
	free(p);
	return 0;
}
