/* expect: no-share
 * trap: the copy is stored in a struct whose variable has a cleanup
 *   attribute: drop() frees it when the block ends.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
static const char text[] = "held";

struct holder {
	char *p;
};

static void drop(struct holder *h)
{
	free(h->p);
}

int main(void)
{
	{
		struct holder h __attribute__((cleanup(drop))) = { 0 };
		char *c = malloc(sizeof text); // site
		if (!c)
			return 1;
		memcpy(c, text, sizeof text);
		h.p = c;
		printf("%s\n", c);
	}
	puts("done");
	return 0;
}
