#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <asrt/asrt.h>
int main(void)
{
	char *src = malloc(16);
	if (!src)
		return 1;
	strcpy(src, "freed source");
	/* Sound: printf only reads the source, and on the failure path both
	 * forms return 1 before printing. */
	// ruleid: alloc-copy fix: memdup
	char *p = asrt_memdup_at(src, 16, "trap_source_freed.c:14");
	if (!p)
		return 1;
	printf("%s\n", src);

	free(src);
	printf("%s\n", p);
	free(p);
	return 0;
}
