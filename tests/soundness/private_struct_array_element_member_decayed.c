/* expect: refused
 * trap: a local array of structs, only ever indexed by name, whose
 *   element's array member decays into the source pointer: a store to
 *   that member between the pair writes the source.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct ent {
	char key[8];
};

int main(void)
{
	struct ent tab[2] = { { "alpha" }, { "beta" } };
	const char *src = tab[1].key;
	char *p = malloc(sizeof tab[1].key); // site
	if (!p)
		return 1;
	tab[1].key[0] = 'B';
	memcpy(p, src, sizeof tab[1].key);
	printf("%s %s\n", p, tab[1].key);
	free(p);
	return 0;
}
