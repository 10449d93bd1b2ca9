#include <counter.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char src[16] = "before";
static const int table[4] = { 1, 2, 3, 4 };

int main(int argc, char **argv)
{
	(void)argv;
	int total = counter_bump(argc);
	char *p = malloc(sizeof src); // site
	if (!p)
		return 1;
	int k = table[argc & 3];
	memcpy(p, src, sizeof src);
	printf("%s %d %d\n", p, k, total);
	free(p);
	return 0;
}
