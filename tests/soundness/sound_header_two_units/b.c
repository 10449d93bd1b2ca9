#include <stdio.h>
#include "dup.h"

int other_unit(void)
{
	char s[] = "from b";
	char *c = dup_block(s, sizeof s);
	if (!c)
		return 1;
	s[0] = 'F';
	printf("b: %s\n", c);
	free(c);
	return 0;
}
