/* expect: refused
 * flags: -pthread
 * trap: the source is a function-static array whose address another
 *   thread holds; this thread waits reading a flag through a pointer to
 *   volatile (no named volatile object in the wait) while it is written.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static _Atomic int go;
static int flag;
static char *exposed;

static void *writer(void *arg)
{
	volatile int *f = arg;
	while (!go)
		;
	strcpy(exposed, "fresh");
	__atomic_thread_fence(__ATOMIC_SEQ_CST);
	*f = 1;
	return NULL;
}

static char *snapshot(volatile int *wait)
{
	static char words[12] = "stale";
	exposed = words;
	char *p = malloc(sizeof words); // site
	if (!p)
		return NULL;
	go = 1;
	while (!*wait)
		;
	memcpy(p, words, sizeof words);
	return p;
}

int main(void)
{
	pthread_t t;
	if (pthread_create(&t, NULL, writer, &flag))
		return 1;
	char *p = snapshot(&flag);
	pthread_join(t, NULL);
	if (!p)
		return 1;
	printf("%s\n", p);
	free(p);
	return 0;
}
