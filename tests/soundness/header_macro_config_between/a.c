#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "prep.h"

int main(void)
{
	char buf[] = "prepared";
	char *p = malloc(sizeof buf); // site
	if (!p)
		return 1;
	PREP(buf);
	memcpy(p, buf, sizeof buf);
	printf("%s\n", p);
	free(p);
	return 0;
}
