/* expect: no-share
 * trap: the copy is kept in a global that a destructor function frees
 *   after main returns.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
static const char text[] = "destructor";
static char *kept;

__attribute__((destructor)) static void fini(void)
{
	free(kept);
}

int main(void)
{
	char *c = malloc(sizeof text); // site
	if (!c)
		return 1;
	memcpy(c, text, sizeof text);
	kept = c;
	printf("%s\n", kept);
	return 0;
}
