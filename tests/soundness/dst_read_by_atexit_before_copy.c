/* expect: refused
 * trap: the block is stored in a global before the copy and the program
 *   exits between the allocation and the copy; an atexit function prints
 *   the global block. The original prints a block nothing was copied into
 *   (zeroed here by calloc); a memdup would have filled it at the
 *   allocation.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char src[16] = "before";
static char *g;

static void report(void)
{
	printf("[%s]\n", g);
}

int main(int argc, char **argv)
{
	(void)argv;
	atexit(report);
	g = calloc(1, sizeof src); // site
	if (!g)
		return 1;
	if (argc == 1)
		exit(0);
	memcpy(g, src, sizeof src);
	return 0;
}
