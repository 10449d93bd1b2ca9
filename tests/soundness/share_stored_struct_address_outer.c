/* expect: no-share
 * trap: the struct holding the stored copies sits inside an outer struct
 *   whose address is passed as `void *` and written through there.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char text[] = "nested in";

struct keep {
	char **v;
};

struct outer {
	struct keep k;
	int tag;
};

static void visit(void *p, size_t n)
{
	char ***first = p;
	(*first)[0][n] = '#';
}

int main(void)
{
	struct outer o = { { 0 }, 1 };
	o.k.v = malloc(sizeof *o.k.v);
	if (!o.k.v)
		return 1;
	char *c = malloc(sizeof text); // site
	if (!c)
		return 1;
	memcpy(c, text, sizeof text);
	o.k.v[0] = c;
	visit(&o, 2);
	printf("%s %s %d\n", o.k.v[0], text, o.tag);
	free(o.k.v[0]);
	free(o.k.v);
	return 0;
}
