#include <stdio.h>
#include <stdlib.h>
#include "copycount.h"

int n_copies;
static const char word[] = "counted copy";

int main(void)
{
	char *p = malloc(sizeof word); // site
	if (!p)
		return 1;
	memcpy(p, word, sizeof word);
	printf("%s %d\n", p, n_copies);
	free(p);
	return 0;
}
