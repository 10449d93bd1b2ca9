/* expect: refused
 * trap: the source is s->buf; the struct pointer s is reassigned between
 *   the pair.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct box {
	char buf[8];
};

int main(void)
{
	struct box x = { "box-one" }, y = { "box-two" };
	struct box *s = &x;
	char *p = malloc(8); // site
	if (!p)
		return 1;
	s = &y;
	memcpy(p, s->buf, 8);
	printf("%s\n", p);
	free(p);
	return 0;
}
