/* expect: refused
 * trap: the source is row 1 of a 2-D array; a store through a pointer to
 *   the whole array (char *)grid, indexed past row 0, writes it.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void)
{
	char grid[2][4] = { "abc", "def" };
	char *flat = (char *)grid;
	char *p = malloc(4); // site
	if (!p)
		return 1;
	flat[5] = 'X';
	memcpy(p, grid[1], 4);
	printf("%s\n", p);
	free(p);
	return 0;
}
