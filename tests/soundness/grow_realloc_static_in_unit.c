/* expect: refused
 * trap: the unit defines a static realloc of its own (no <stdlib.h>) that
 *   counts its calls: a grow calls the process's realloc instead.
 */
#include <stddef.h>
#include <stdio.h>

void free(void *p);
void *library_realloc(void *p, size_t n) __asm__("realloc");

static int calls;

static void *realloc(void *p, size_t n)
{
	calls++;
	return library_realloc(p, n);
}

int main(void)
{
	char *buf = NULL;
	size_t len = 0;

	for (int i = 0; i < 100; i++) {
		char *t = realloc(buf, len + 1); // site
		if (!t) {
			free(buf);
			return 1;
		}
		buf = t;
		buf[len++] = 's';
	}
	printf("len %zu calls %d\n", len, calls);
	free(buf);
	return 0;
}
