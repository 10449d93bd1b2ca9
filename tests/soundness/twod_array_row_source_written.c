/* expect: refused
 * trap: the source is one row of a local two-dimensional array; the row
 *   is written element by element between the pair.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void)
{
	char grid[2][8] = { "row0", "row1" };
	char *p = malloc(sizeof grid[1]); // site
	if (!p)
		return 1;
	grid[1][0] = 'R';
	memcpy(p, grid[1], sizeof grid[1]);
	printf("%s %s\n", p, grid[1]);
	free(p);
	return 0;
}
