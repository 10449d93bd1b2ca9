#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void)
{
	char a[] = "first", b[] = "other";
	const char *src = a;
	// ruleid: alloc-copy fix: manual
	char *p = malloc(sizeof a);
	if (!p)
		return 1;
	src = b;
	memcpy(p, src, sizeof a);
	printf("%s\n", p);
	free(p);
	return 0;
}
