/* expect: refused
 * trap: the source is an array member of a local struct; the whole struct
 *   is assigned between the pair.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct rec {
	int id;
	char name[8];
};

int main(void)
{
	struct rec a = { 1, "alpha" }, b = { 2, "beta" };
	char *p = malloc(sizeof a.name); // site
	if (!p)
		return 1;
	a = b;
	memcpy(p, a.name, sizeof a.name);
	printf("%s\n", p);
	free(p);
	return 0;
}
