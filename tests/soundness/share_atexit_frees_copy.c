/* expect: no-share
 * trap: the copy is kept in a static pointer that an atexit handler
 *   free()s (and a destructor would be the same): the free runs outside
 *   the analysed function.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
static const char text[] = "kept-to-exit";
static char *kept;

static void bye(void)
{
	void (*release)(void *) = free;
	release(kept);
}

int main(void)
{
	atexit(bye);
	char *c = malloc(sizeof text); // site
	if (!c)
		return 1;
	memcpy(c, text, sizeof text);
	printf("%s\n", c);
	kept = c;
	return 0;
}
