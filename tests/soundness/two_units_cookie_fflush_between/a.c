#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "sink.h"

int main(void)
{
	FILE *f = open_sink();
	if (!f)
		return 1;
	fputs("pending", f);
	char *c = malloc(sizeof g_src); // site
	if (!c)
		return 1;
	fflush(0);
	memcpy(c, g_src, sizeof g_src);
	printf("%s\n", c);
	fclose(f);
	free(c);
	return 0;
}
