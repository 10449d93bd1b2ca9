#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char early[6] = "early";
static char late[6] = "late!";
#define SRC early

int main(void)
{
	char *p = malloc(6); // site
	if (!p)
		return 1;
#include "redef.h"
	memcpy(p, SRC, 6);
	printf("%s\n", p);
	free(p);
	return 0;
}
