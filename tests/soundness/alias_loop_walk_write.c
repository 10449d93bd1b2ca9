/* expect: refused
 * trap: a loop between the allocation and the copy writes the source
 *   through a walking pointer (for (w = buf; *w; w++) *w = ...).
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void)
{
	char buf[] = "walker";
	char *p = malloc(sizeof buf); // site

	if (!p)
		return 1;
	for (char *w = buf; *w; w++)
		*w = (char)toupper((unsigned char)*w);
	memcpy(p, buf, sizeof buf);
	printf("%s\n", p);
	free(p);
	return 0;
}
