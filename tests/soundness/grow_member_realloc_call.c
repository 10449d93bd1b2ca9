/* expect: refused
 * trap: o->realloc(p, n) calls the pool's function through a struct
 *   member that merely has libc's name; a grow rewrote it to asrt_grow,
 *   so the pool's realloc was never called (calls=40 became calls=0).
 *   A pack's function is the function, never a member or pointer named
 *   like it.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct ops {
	void *(*realloc)(void *, size_t);
};

static int calls;

static void *pool_realloc(void *p, size_t n)
{
	calls++;
	return realloc(p, n);
}

static const struct ops ops = { pool_realloc };

static char *build(const struct ops *o, int k)
{
	char *p = NULL;

	for (int i = 0; i < k; i++) {
		char *q = o->realloc(p, (size_t)i + 2); // site

		if (!q) {
			free(p);
			return NULL;
		}
		p = q;
		p[i] = (char)('a' + i % 26);
		p[i + 1] = '\0';
	}
	return p;
}

int main(void)
{
	char *p = build(&ops, 40);

	if (!p)
		return 1;
	printf("%s calls=%d\n", p, calls);
	free(p);
	return 0;
}
