/* expect: any
 * trap: a struct holding a pointer to the source is copied; the copy's
 *   pointer writes the source between allocation and copy.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
struct view {
	char *p;
	int n;
};

int main(void)
{
	char src[] = "structcopy";
	struct view a = { src, 3 };
	struct view b;
	char *c = malloc(sizeof src); // site
	if (!c)
		return 1;
	b = a;
	b.p[b.n] = '_';
	memcpy(c, src, sizeof src);
	printf("%s\n", c);
	free(c);
	return 0;
}
