/* expect: refused
 * trap: the copy's destination is a conditional expression that picks
 *   another buffer (spare), not the new block.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char word[] = "fresh";

int main(void)
{
	char spare[sizeof word] = "spare";
	int use_spare = 1;
	char *p = malloc(sizeof word); // site

	if (!p)
		return 1;
	memcpy(use_spare ? spare : p, word, sizeof word);
	printf("spare = %s\n", spare);
	free(p);
	return 0;
}
