/* expect: any
 * flags: -pthread
 * trap: C11 threads: the copy waits on a condition variable, between the
 *   allocation and the copy, for a thread that writes the source.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <threads.h>
static char src[] = "c11-threads";
static mtx_t m;
static cnd_t cv;
static int ready;

static int writer(void *arg)
{
	(void)arg;
	mtx_lock(&m);
	src[0] = 'C';
	ready = 1;
	cnd_signal(&cv);
	mtx_unlock(&m);
	return 0;
}

int main(void)
{
	thrd_t t;
	mtx_init(&m, mtx_plain);
	cnd_init(&cv);
	if (thrd_create(&t, writer, NULL) != thrd_success)
		return 1;
	char *c = malloc(sizeof src); // site
	if (!c)
		return 1;
	mtx_lock(&m);
	while (!ready)
		cnd_wait(&cv, &m);
	mtx_unlock(&m);
	memcpy(c, src, sizeof src);
	thrd_join(t, NULL);
	printf("%s\n", c);
	free(c);
	return 0;
}
