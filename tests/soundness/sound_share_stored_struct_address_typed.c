/* expect: rewritten
 * sound: the struct holding the stored copies is passed by its own pointer
 *   type (also as a pointer to const): every use of the field in the callee
 *   is seen, and the write there is made private first.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char text[] = "typed pointer";

struct keep {
	char **v;
	int n;
};

static void poke(struct keep *k)
{
	k->v[0][0] = 'T';
}

static void show(const struct keep *k)
{
	printf("%s %d\n", k->v[0], k->n);
}

int main(void)
{
	struct keep k = { 0, 1 };
	k.v = malloc(sizeof *k.v);
	if (!k.v)
		return 1;
	char *c = malloc(sizeof text); // site
	if (!c)
		return 1;
	memcpy(c, text, sizeof text);
	k.v[0] = c;
	poke(&k);
	show(&k);
	printf("%s\n", text);
	free(k.v[0]);
	free(k.v);
	return 0;
}
