/* expect: refused
 * trap: the source is a pointer into a local struct's array member, taken
 *   by decay (no '&'): a store to the struct's member between the pair
 *   writes the source's bytes though the struct looks private.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct rec {
	int id;
	char name[12];
};

int main(void)
{
	struct rec r = { 7, "decayed" };
	const char *q = r.name;
	char *p = malloc(sizeof r.name); // site
	if (!p)
		return 1;
	r.name[0] = 'D';
	memcpy(p, q, sizeof r.name);
	printf("%s %s %d\n", p, r.name, r.id);
	free(p);
	return 0;
}
