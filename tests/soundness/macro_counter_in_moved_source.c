/* expect: refused
 * trap: the copy's source indexes a table by __COUNTER__, which expands to
 *   the number of its expansions before it in the unit, in the order of
 *   the text. Another __COUNTER__ lies between the allocation and the
 *   copy; a memdup writes the source at the allocation, ahead of it, so the
 *   two swap their values: the copy read row 0 instead of row 1, and
 *   'first' became 1.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char rows[2][4] = { "abc", "xyz" };

int main(void)
{
	char *p = malloc(4); // site
	if (!p)
		return 1;
	int first = __COUNTER__ % 2;
	memcpy(p, rows[__COUNTER__ % 2], 4);
	printf("%d %s\n", first, p);
	free(p);
	return 0;
}
