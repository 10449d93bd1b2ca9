/* expect: no-share
 * trap: bsearch's comparator casts const away and writes the element it
 *   is given, an element of the copy.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
static const char text[] = "acegi";

static int cmp(const void *k, const void *e)
{
	char *w = (char *)e;
	int d = *(const char *)k - *w;
	*w = (char)(*w - 32);
	return d;
}

int main(void)
{
	char key = 'e';
	char *c = malloc(sizeof text); // site
	char *hit;
	if (!c)
		return 1;
	memcpy(c, text, sizeof text);
	hit = bsearch(&key, c, sizeof text - 1, 1, cmp);
	printf("%s %d\n", c, hit ? (int)(hit - c) : -1);
	free(c);
	return 0;
}
