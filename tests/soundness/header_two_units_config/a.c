#include <stdio.h>
#include "names.h"

int main(void)
{
	char n[] = "alice";
	char *c = copy_name(n, sizeof n);
	if (!c)
		return 1;
	printf("a: %s\n", c);
	free(c);
	show_b();
	return 0;
}
