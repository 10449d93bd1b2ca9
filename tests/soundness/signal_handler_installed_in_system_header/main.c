#define _GNU_SOURCE
#include <guard.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char src[16] = "before";

int main(void)
{
	char *page = guard_install(src);

	if (!page)
		return 1;
	char *p = malloc(sizeof src); // site
	if (!p)
		return 1;
	int probe = page[0];
	memcpy(p, src, sizeof src);
	printf("%s %d\n", p, probe);
	free(p);
	return 0;
}
