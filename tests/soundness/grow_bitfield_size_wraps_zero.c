/* expect: any
 * trap: the regrow size is a 4-bit field incremented: it wraps to 0 after
 *   15 steps, and realloc(p, 0) frees the block (glibc returns NULL);
 *   asrt_grow(p, 0) keeps it.
 */
#include <stdio.h>
#include <stdlib.h>

struct ctr {
	unsigned n : 4;
};

int main(void)
{
	char *buf = NULL;
	struct ctr c = { 0 };

	for (int i = 0; i < 20; i++) {
		c.n++;
		char *t = realloc(buf, c.n); // site
		if (!t) {
			printf("step %d: NULL at %u\n", i, (unsigned)c.n);
			buf = NULL;
			continue;
		}
		buf = t;
		buf[c.n - 1] = 'b';
	}
	free(buf);
	return 0;
}
