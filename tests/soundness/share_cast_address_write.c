/* expect: no-share
 * trap: the copy is kept in a void * and written through a cast of that
 *   variable's address (*(char **)&h): no write names the copy.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
static const char text[] = "casted";

int main(void)
{
	char *c = malloc(sizeof text); // site
	if (!c)
		return 1;
	memcpy(c, text, sizeof text);
	void *h = c;
	(*(char **)&h)[0] = 'C';
	printf("%s\n", c);
	free(c);
	return 0;
}
