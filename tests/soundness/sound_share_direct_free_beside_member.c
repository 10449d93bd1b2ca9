/* expect: rewritten
 * sound: the look-alike of share_member_free_call: a struct of the unit
 *   has a member named free, but the copy is freed by a direct call to
 *   libc's free(), which the share rewrites to its release.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct ops {
	void (*free)(void *);
};

static int released;

static void pool_free(void *p)
{
	released++;
	free(p);
}

static const struct ops ops = { pool_free };

static const char greeting[] = "hello";

static int show(void)
{
	char *p = malloc(sizeof greeting); // site

	if (!p)
		return 1;
	memcpy(p, greeting, sizeof greeting);
	printf("%s\n", p);
	free(p);
	return 0;
}

int main(void)
{
	char *q = malloc(4);

	if (show() || !q)
		return 1;
	ops.free(q);
	printf("released=%d\n", released);
	return 0;
}
