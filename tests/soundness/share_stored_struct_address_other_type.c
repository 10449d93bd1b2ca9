/* expect: no-share
 * trap: the struct's address is converted to a look-alike struct of the
 *   same layout, whose field is another declaration: the write through it
 *   is not the stored location's field in the unit's eyes.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char text[] = "twin layout";

struct keep {
	int n;
	char **v;
};

struct twin {
	int n;
	char **v;
};

static void bump(struct twin *t)
{
	t->v[0][0] = 'T';
}

int main(void)
{
	struct keep k = { 0, 0 };
	k.v = malloc(sizeof *k.v);
	if (!k.v)
		return 1;
	char *c = malloc(sizeof text); // site
	if (!c)
		return 1;
	memcpy(c, text, sizeof text);
	k.v[0] = c;
	bump((struct twin *)&k);
	printf("%s %s\n", k.v[0], text);
	free(k.v[0]);
	free(k.v);
	return 0;
}
