#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "shared.h"

char g_name[16] = "extern name";

int main(void)
{
	char *p = malloc(sizeof g_name); // site
	if (!p)
		return 1;
	note_use();
	memcpy(p, g_name, sizeof g_name);
	printf("%s\n", p);
	free(p);
	return 0;
}
