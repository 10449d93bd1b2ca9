/* expect: refused
 * trap: the alias is assigned in a while condition (walking to the end of
 *   the source) between the allocation and the copy, and written in the
 *   loop body.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void)
{
	char buf[] = "a-b-c";
	char *w = buf;
	char *q;
	char *p = malloc(sizeof buf); // site

	if (!p)
		return 1;
	while ((q = strchr(w, '-')) != NULL) {
		*q = '+';
		w = q + 1;
	}
	memcpy(p, buf, sizeof buf);
	printf("%s\n", p);
	free(p);
	return 0;
}
