/* expect: refused
 * trap: the block is malloc's or calloc's, by a conditional: a memdup at
 *   one of them removes the copy the other arm needs.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char word[] = "two arms";

static void run(int zeroed)
{
	char *p = zeroed ? calloc(sizeof word, 1) : malloc(sizeof word); // site
	if (!p)
		return;
	memcpy(p, word, sizeof word);
	printf("%d [%s]\n", zeroed, p);
	free(p);
}

int main(void)
{
	run(1);
	run(0);
	return 0;
}
