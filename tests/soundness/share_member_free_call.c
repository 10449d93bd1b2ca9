/* expect: no-share
 * trap: o->free(p) calls the pool's release through a struct member
 *   named free; a share took it for libc's free and rewrote it to
 *   asrt_cow_release, so pool_free never ran (released=1 became
 *   released=0). Passed to a function pointer, the copy may be written or
 *   kept: memdup only.
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

static int show(const struct ops *o)
{
	char *p = malloc(sizeof greeting); // site

	if (!p)
		return 1;
	memcpy(p, greeting, sizeof greeting);
	printf("%s\n", p);
	o->free(p);
	return 0;
}

int main(void)
{
	if (show(&ops))
		return 1;
	printf("released=%d\n", released);
	return 0;
}
