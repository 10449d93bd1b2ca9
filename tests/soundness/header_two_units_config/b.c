#include <stdio.h>
#define NAMES_UPCASE
#include "names.h"

void show_b(void)
{
	char n[] = "bob";
	char *c = copy_name(n, sizeof n);
	if (!c)
		return;
	printf("b: %s\n", c);
	free(c);
}
