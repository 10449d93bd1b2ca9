#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void)
{
	char *src = malloc(16);
	if (!src)
		return 1;
	strcpy(src, "freed source");
	/* Sound: printf only reads the source, and on the failure path both
	 * forms return 1 before printing. */
	// ruleid: alloc-copy fix: memdup
	char *p = malloc(16);
	if (!p)
		return 1;
	printf("%s\n", src);
	memcpy(p, src, 16);
	free(src);
	printf("%s\n", p);
	free(p);
	return 0;
}
