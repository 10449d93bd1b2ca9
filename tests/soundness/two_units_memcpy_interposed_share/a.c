#include <stdio.h>
#include <stdlib.h>
#include <string.h>

extern int memcpy_calls;

int main(void)
{
	char *c = malloc(sizeof "literal"); // site
	if (!c)
		return 1;
	memcpy(c, "literal", sizeof "literal");
	printf("%s %d\n", c, memcpy_calls);
	free(c);
	printf("%d\n", memcpy_calls);
	return 0;
}
