/* expect: refused
 * trap: the source is row 0 of a 2-D array; a store to grid[k][1] between
 *   the pair, with k 0 at run time, writes it.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv)
{
	char grid[2][8] = { "row-one", "row-two" };
	int k = argc > 5 ? atoi(argv[1]) : 0;
	char *p = malloc(8); // site
	if (!p)
		return 1;
	grid[k][1] = 'X';
	memcpy(p, grid[0], 8);
	printf("%s\n", p);
	free(p);
	return 0;
}
