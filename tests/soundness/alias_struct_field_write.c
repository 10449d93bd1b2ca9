/* expect: refused
 * trap: the source is written through a field of a struct holding a
 *   pointer to it (h.text[0]) between the allocation and the copy.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct holder {
	char *text;
	int uses;
};

int main(void)
{
	char buf[] = "field";
	struct holder h = { buf, 0 };
	char *p = malloc(sizeof buf); // site

	if (!p)
		return 1;
	h.text[0] = 'F';
	h.uses++;
	memcpy(p, buf, sizeof buf);
	printf("%s %d\n", p, h.uses);
	free(p);
	return 0;
}
