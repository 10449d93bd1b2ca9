/* expect: no-share
 * trap: the cleanup attribute hides in a macro (the _cleanup_free_ of
 *   systemd), spelled __cleanup__.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
static const char text[] = "macro-cleanup";

static void freep(void *p)
{
	free(*(void **)p);
}
#define _cleanup_free_ __attribute__((__cleanup__(freep)))

int main(void)
{
	for (int i = 0; i < 2; i++) {
		_cleanup_free_ char *c = malloc(sizeof text); // site
		if (!c)
			return 1;
		memcpy(c, text, sizeof text);
		printf("%d %s\n", i, c);
	}
	return 0;
}
