/* expect: refused
 * trap: the copy stands in a switch body ahead of every case label: no
 *   path reaches it, the block stays zero, and a memdup would fill it.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char word[] = "dead copy";

static void run(int k)
{
	char *p = calloc(sizeof word, 1); // site
	if (!p)
		return;
	switch (k) {
		memcpy(p, word, sizeof word);
	case 0:
		printf("0 [%s]\n", p);
		break;
	default:
		printf("d [%s]\n", p);
	}
	free(p);
}

int main(void)
{
	run(0);
	run(1);
	return 0;
}
