/* expect: refused
 * trap: an array two members deep decays into the source; the outer
 *   struct is then assigned whole between the pair.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct inner {
	char s[8];
};
struct outer {
	struct inner in;
	int k;
};

int main(void)
{
	struct outer o = { { "nested" }, 1 }, other = { { "swapped" }, 2 };
	char *src = o.in.s;
	char *p = malloc(8); // site
	if (!p)
		return 1;
	o = other;
	memcpy(p, src, 8);
	printf("%s %s %d\n", p, o.in.s, o.k);
	free(p);
	return 0;
}
