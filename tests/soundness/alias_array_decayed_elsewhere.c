/* expect: refused
 * trap: a local array is written by index between the allocation and the
 *   copy, and the source is a pointer that a call made from the array
 *   (its decayed name) set to point into it.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *middle(char *a)
{
	return a + 2;
}

int main(void)
{
	char buf[8] = "abcdefg";
	char *s = middle(buf);
	char *p = malloc(4); // site
	if (!p)
		return 1;
	buf[3] = 'Z';
	memcpy(p, s, 4);
	printf("%.4s\n", p);
	free(p);
	return 0;
}
