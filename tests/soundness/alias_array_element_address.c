/* expect: refused
 * trap: the source points at an element of a local array (&buf[1]); a
 *   store to another element of that array between the allocation and the
 *   copy writes the source's bytes.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void)
{
	char buf[8] = "abcdefg";
	char *s = &buf[1];
	char *p = malloc(4); // site
	if (!p)
		return 1;
	buf[2] = 'Z';
	memcpy(p, s, 4);
	printf("%.4s\n", p);
	free(p);
	return 0;
}
