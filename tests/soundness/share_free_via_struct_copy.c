/* expect: no-share
 * trap: the copy is put in a struct, the struct is copied, and the
 *   second struct's member is freed.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
static const char text[] = "struct-free";
struct box {
	char *p;
};

int main(void)
{
	char *c = malloc(sizeof text); // site
	struct box a, b;
	if (!c)
		return 1;
	memcpy(c, text, sizeof text);
	printf("%s\n", c);
	a.p = c;
	b = a;
	free(b.p);
	return 0;
}
