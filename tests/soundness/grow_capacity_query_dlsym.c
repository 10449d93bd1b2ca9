/* expect: refused
 * flags: -ldl
 * trap: the capacity query is looked up by name at run time (dlsym): no
 *   spelling of malloc_usable_size in the code, yet the grown block's
 *   capacity is read and printed.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>

int main(void)
{
	char name[32];
	size_t (*room)(void *);
	char *buf = NULL;
	size_t len = 0;

	snprintf(name, sizeof name, "malloc_%s_size", "usable");
	*(void **)&room = dlsym(RTLD_DEFAULT, name);
	for (int i = 0; i < 200; i++) {
		char *t = realloc(buf, len + 1); // site
		if (!t) {
			free(buf);
			return 1;
		}
		buf = t;
		buf[len++] = 'd';
	}
	printf("room above len: %d\n", room && room(buf) >= len + 64);
	free(buf);
	return 0;
}
