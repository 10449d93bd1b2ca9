/* expect: no-share
 * trap: the copy is handed to pthread_setspecific with free as the key's
 *   destructor: the thread library frees it at thread exit.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char text[] = "per thread";
static pthread_key_t key;

static void *worker(void *arg)
{
	(void)arg;
	char *c = malloc(sizeof text); // site
	if (!c)
		return NULL;
	memcpy(c, text, sizeof text);
	if (pthread_setspecific(key, c) != 0) {
		free(c);
		return NULL;
	}
	printf("%s\n", (const char *)pthread_getspecific(key));
	return NULL;
}

int main(void)
{
	pthread_t t;
	if (pthread_key_create(&key, free) != 0)
		return 1;
	if (pthread_create(&t, NULL, worker, NULL) != 0)
		return 1;
	pthread_join(t, NULL);
	pthread_key_delete(key);
	printf("joined\n");
	return 0;
}
