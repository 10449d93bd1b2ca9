#include <stdio.h>
#include "dup.h"

int main(void)
{
	int v[3] = { 7, 8, 9 };
	int *c = dup_block(v, sizeof v);
	if (!c)
		return 1;
	v[0] = 0;
	printf("a: %d %d %d\n", c[0], c[1], c[2]);
	free(c);
	return other_unit();
}
