/* expect: refused
 * trap: the unit binds realloc to its own counting function with an asm
 *   label (which calls the library's through a second label): a grow
 *   calls the process's realloc and the count is lost.
 */
#include <stddef.h>
#include <stdio.h>

void *realloc(void *p, size_t n) __asm__("counting_realloc");
void free(void *p);
void *library_realloc(void *p, size_t n) __asm__("realloc");

static int calls;

void *counting_realloc(void *p, size_t n);
void *counting_realloc(void *p, size_t n)
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
		buf[len++] = 'r';
	}
	printf("len %zu calls %d\n", len, calls);
	free(buf);
	return 0;
}
