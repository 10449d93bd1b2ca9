/* expect: no-share
 * trap: the copy is freed through a function pointer to free: a shared copy
 *   must be released by the runtime, not free()d.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
static const char text[] = "fnptr";

int main(void)
{
	char *c = malloc(sizeof text); // site
	if (!c)
		return 1;
	memcpy(c, text, sizeof text);
	void (*release)(void *) = free;
	printf("%s\n", c);
	release(c);
	c = NULL;
	free(c);
	return 0;
}
