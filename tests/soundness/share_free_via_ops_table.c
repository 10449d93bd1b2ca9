/* expect: no-share
 * trap: the copy is freed through a struct of function pointers.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
struct ops { void (*release)(void *); };
static const struct ops heap_ops = { free };
static const char text[] = "vtable";
int main(void)
{
	const struct ops *o = &heap_ops;
	char *c = malloc(sizeof text); // site
	if (!c)
		return 1;
	memcpy(c, text, sizeof text);
	printf("%s\n", c);
	o->release(c);
	return 0;
}
