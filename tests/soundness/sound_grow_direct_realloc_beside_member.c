/* expect: rewritten
 * sound: the look-alike of grow_member_realloc_call: a struct of the unit
 *   has a member named realloc, but the loop grows its buffer with a
 *   direct call to libc's realloc(), which a geometric grow may replace.
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

static char *build(int k)
{
	char *p = NULL;

	for (int i = 0; i < k; i++) {
		char *q = realloc(p, (size_t)i + 2); // site

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
	char *p = build(40);
	char *q = ops.realloc(NULL, 8);

	if (!p || !q)
		return 1;
	printf("%s calls=%d\n", p, calls);
	free(q);
	free(p);
	return 0;
}
