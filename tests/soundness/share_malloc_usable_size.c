/* expect: no-share
 * trap: malloc_usable_size reads the copy's heap header.
 */
#define _GNU_SOURCE
#include <malloc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
static const char text[] = "usable";
int main(void)
{
	char *c = malloc(sizeof text); // site
	if (!c)
		return 1;
	memcpy(c, text, sizeof text);
	printf("%s %d\n", c, malloc_usable_size(c) >= sizeof text);
	free(c);
	return 0;
}
