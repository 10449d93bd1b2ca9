#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char word[] = "aliased";

int main(void)
{
	// ruleid: alloc-copy fix: memdup
	char *p = malloc(sizeof word);
	char *q;
	if (!p)
		return 1;
	memcpy(p, word, sizeof word);
	q = p;
	q[0] = 'A';
	printf("%s %s\n", p, word);
	free(p);
	return 0;
}
