/* expect: rewritten
 * flags: -pthread
 * sound: the region spins on an _Atomic flag another thread sets, but the
 *   source is a static const array and a string literal: no thread can
 *   write them, so copying at the allocation copies the same bytes.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char table[8] = "fixed";
static _Atomic int ready;

static void *setter(void *arg)
{
	(void)arg;
	ready = 1;
	return NULL;
}

int main(void)
{
	pthread_t t;
	if (pthread_create(&t, NULL, setter, NULL))
		return 1;
	char *p = malloc(sizeof table); // site
	if (!p)
		return 1;
	while (!ready)
		;
	memcpy(p, table, sizeof table);
	char *q = malloc(6); // site
	if (!q)
		return 1;
	while (!ready)
		;
	memcpy(q, "words", 6);
	pthread_join(t, NULL);
	p[0] = 'F';
	q[0] = 'W';
	printf("%s %s\n", p, q);
	free(p);
	free(q);
	return 0;
}
