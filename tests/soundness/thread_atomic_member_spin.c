/* expect: refused
 * flags: -pthread -D_POSIX_C_SOURCE=200809L
 * trap: the wait spins on an _Atomic member of a global struct whose other
 *   member, the source, another thread (started before, sleeping a while)
 *   fills before setting the flag.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

struct mailbox {
	_Atomic int full;
	char text[10];
};

static struct mailbox box = { 0, "empty" };

static void *poster(void *arg)
{
	struct timespec nap = { 0, 200000000 };
	(void)arg;
	nanosleep(&nap, NULL);
	memcpy(box.text, "letter", 7);
	box.full = 1;
	return NULL;
}

int main(void)
{
	pthread_t t;
	if (pthread_create(&t, NULL, poster, NULL))
		return 1;
	char *p = malloc(sizeof box.text); // site
	if (!p)
		return 1;
	for (;;)
		if (box.full)
			break;
	memcpy(p, box.text, sizeof box.text);
	pthread_join(t, NULL);
	printf("%s\n", p);
	free(p);
	return 0;
}
