/* expect: no-share
 * trap: the program compares the copy's address with the source's: a shared
 *   copy borrowed from read-only storage is the source.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
static const char text[] = "identity";

int main(void)
{
	char *c = malloc(sizeof text); // site
	if (!c)
		return 1;
	memcpy(c, text, sizeof text);
	printf("%s %s\n", c, c == text ? "same object" : "distinct copy");
	free(c);
	return 0;
}
