/* expect: refused
 * trap: the destination pointer is reassigned between the allocation and
 *   the copy, so the copy fills another buffer (spare); memdup at the
 *   allocation would leave spare untouched.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char word[] = "fresh";
static char spare[16] = "untouched";

int main(void)
{
	char *p = malloc(sizeof word); // site
	char *mine = p;

	if (!p)
		return 1;
	p = spare;
	memcpy(p, word, sizeof word);
	printf("spare = %s\n", spare);
	free(mine);
	return 0;
}
