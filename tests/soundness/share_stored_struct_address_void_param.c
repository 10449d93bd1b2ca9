/* expect: no-share
 * trap: the struct holding the stored copies is passed by address as
 *   `void *`; the callee reads the container through a pointer to its first
 *   member and writes a copy there, where no write is made private.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char text[] = "escaped";

struct keep {
	char **v;
	int n;
};

static void poke(void *p)
{
	char ***pv = p;
	(*pv)[0][1] = '!';
}

int main(void)
{
	struct keep k = { 0, 0 };
	k.v = malloc(2 * sizeof *k.v);
	if (!k.v)
		return 1;
	char *c = malloc(sizeof text); // site
	if (!c)
		return 1;
	memcpy(c, text, sizeof text);
	k.v[k.n] = c;
	poke(&k);
	printf("%s %s\n", k.v[0], text);
	free(k.v[0]);
	free(k.v);
	return 0;
}
