/* expect: no-share
 * trap: getdelim reads into the copy and may realloc it (the size given
 *   is smaller than the line): neither write nor realloc may reach a share.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
static const char text[] = "abc";

int main(void)
{
	char in[] = "first-field;second";
	FILE *f = fmemopen(in, strlen(in), "r");
	size_t cap = sizeof text;
	if (!f)
		return 1;
	char *c = malloc(sizeof text); // site
	if (!c)
		return 1;
	memcpy(c, text, sizeof text);
	if (getdelim(&c, &cap, ';', f) < 0)
		return 1;
	printf("%s\n", c);
	fclose(f);
	free(c);
	return 0;
}
