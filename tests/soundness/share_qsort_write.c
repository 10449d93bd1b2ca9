/* expect: no-share
 * trap: qsort sorts the copy in place.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
static const char text[] = "dcba";

static int cmp(const void *a, const void *b)
{
	return *(const char *)a - *(const char *)b;
}

int main(void)
{
	char *c = malloc(sizeof text); // site
	if (!c)
		return 1;
	memcpy(c, text, sizeof text);
	qsort(c, sizeof text - 1, 1, cmp);
	printf("%s\n", c);
	free(c);
	return 0;
}
