/* expect: no-share
 * trap: the copy is freed by a callee reached through a pointer to a
 *   function of this unit.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
static void drop(char *p) { free(p); }
static void (*dropper)(char *) = drop;
static const char text[] = "fnptr2";
int main(void)
{
	char *c = malloc(sizeof text); // site
	if (!c)
		return 1;
	memcpy(c, text, sizeof text);
	printf("%s\n", c);
	dropper(c);
	return 0;
}
