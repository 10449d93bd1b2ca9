/* expect: rewritten
 * trap: none: __builtin_LINE() is called outside the copy's arguments (it
 *   picks the row before the allocation), so nothing whose value is where
 *   it is written moves. The look-alike of
 *   macro_builtin_line_in_moved_source.c.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char rows[2][4] = { "abc", "xyz" };

int main(void)
{
	const char *row = rows[__builtin_LINE() % 2];
	char *p = malloc(4); // site
	if (!p)
		return 1;
	memcpy(p, row, 4);
	printf("%s\n", p);
	free(p);
	return 0;
}
