/* expect: any
 * trap: strcpy from a conditional between two literals of different
 *   lengths into a block sized for the longer.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv)
{
	(void)argv;
	char *c = calloc(1, sizeof "longer"); // site
	if (!c)
		return 1;
	strcpy(c, argc > 5 ? "longer" : "ab");
	printf("%s %d %d\n", c, c[3], c[5]);
	free(c);
	return 0;
}
