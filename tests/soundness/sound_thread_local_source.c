/* expect: rewritten
 * sound: the source is _Thread_local and nothing between the allocation
 *   and the copy synchronises or writes: no other thread reaches this
 *   thread's instance there.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static _Thread_local char src[16] = "thread local";

static char *dup_tls(void)
{
	char *p = malloc(sizeof src); // site
	if (!p)
		return NULL;
	memcpy(p, src, sizeof src);
	return p;
}

int main(void)
{
	char *p = dup_tls();
	if (!p)
		return 1;
	printf("%s\n", p);
	free(p);
	return 0;
}
