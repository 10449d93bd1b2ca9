/* expect: no-share
 * trap: free spelled through an object-like macro called as (RELEASE)(c).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
static const char text[] = "object-macro";
#define RELEASE free

int main(void)
{
	char *c = malloc(sizeof text); // site
	if (!c)
		return 1;
	memcpy(c, text, sizeof text);
	printf("%s\n", c);
	(RELEASE)(c);
	return 0;
}
