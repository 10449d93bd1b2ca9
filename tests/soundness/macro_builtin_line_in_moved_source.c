/* expect: refused
 * trap: the copy's source indexes a table by __builtin_LINE(), which gives
 *   the line it is called on: no macro, so the search for __LINE__ did not
 *   see it. A memdup writes the source at the allocation, three lines up,
 *   and the copy read row 1 instead of row 0.
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
	memcpy(p, rows[__builtin_LINE() % 2], 4);
	printf("%s\n", p);
	free(p);
	return 0;
}
