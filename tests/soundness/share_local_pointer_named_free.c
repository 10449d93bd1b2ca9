/* expect: no-share
 * trap: free(p) calls a local function pointer named free that holds the
 *   program's counting release, not libc's free; a share rewrote it to
 *   asrt_cow_release and the release was never counted.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int released;

static void counting_free(void *p)
{
	released++;
	free(p);
}

static const char greeting[] = "hello";

static int show(void (*release)(void *))
{
	void (*free)(void *) = release;
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
	if (show(counting_free))
		return 1;
	printf("released=%d\n", released);
	return 0;
}
