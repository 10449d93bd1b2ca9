/* expect: refused
 * trap: the source is the address of a scalar local; the local is assigned
 *   between the pair.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void)
{
	long v = 1;
	long *p = malloc(sizeof v); // site
	if (!p)
		return 1;
	v = 42;
	memcpy(p, &v, sizeof v);
	printf("%ld\n", *p);
	free(p);
	return 0;
}
