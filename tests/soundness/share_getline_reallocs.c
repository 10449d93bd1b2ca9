/* expect: no-share
 * trap: getline may realloc the buffer it is given (here it must: 2 bytes
 *   for a longer line).
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
static const char text[] = "a";
int main(void)
{
	char *c = malloc(sizeof text); // site
	if (!c)
		return 1;
	memcpy(c, text, sizeof text);
	size_t cap = sizeof text;
	FILE *f = fmemopen((void *)"a long line here\n", 17, "r");
	if (!f)
		return 1;
	if (getline(&c, &cap, f) < 0)
		return 1;
	fclose(f);
	printf("%s", c);
	free(c);
	return 0;
}
