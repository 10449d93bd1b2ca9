/* expect: rewritten
 * sound: a stored share sized by strlen of a const array plus one: the
 *   library's read-only function of bytes that never change.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char text[] = "const words";

struct hold {
	char **p;
};

int main(void)
{
	struct hold h;
	h.p = malloc(sizeof *h.p);
	if (!h.p)
		return 1;
	char *c = malloc(strlen(text) + 1); // site
	if (!c)
		return 1;
	memcpy(c, text, strlen(text) + 1);
	h.p[0] = c;
	h.p[0][0] = 'C';
	printf("%s\n", h.p[0]);
	free(h.p[0]);
	free(h.p);
	return 0;
}
