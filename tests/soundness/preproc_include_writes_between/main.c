#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void)
{
	char buf[] = "inc-write";
	char *p = malloc(sizeof buf); // site
	if (!p)
		return 1;
#include "touch.inc"
	memcpy(p, buf, sizeof buf);
	printf("%s\n", p);
	free(p);
	return 0;
}
