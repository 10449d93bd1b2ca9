/* expect: refused
 * trap: the block is malloc's on one arm of a conditional and a static
 *   buffer on the other: the copy fills either, and a memdup at the malloc
 *   would leave the buffer's old bytes on the other arm.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char word[] = "fallback";
static char spare[sizeof word] = "SPARE!!";

static void run(int heap)
{
	char *p = heap ? malloc(sizeof word) : spare; // site
	if (!p)
		return;
	memcpy(p, word, sizeof word);
	printf("%d [%s]\n", heap, p);
	if (heap)
		free(p);
}

int main(void)
{
	run(1);
	run(0);
	return 0;
}
