#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "sink.h"
static const char text[8192] = "two units";

int main(void)
{
	FILE *f = open_sink();
	if (!f)
		return 1;
	char *c = malloc(sizeof text); // site
	if (!c)
		return 1;
	memcpy(c, text, sizeof text);
	fwrite(c, 1, sizeof text, f);
	fclose(f);
	printf("%.9s\n", c);
	free(c);
	return 0;
}
