/* expect: rewritten
 * sound: a copy of a static const int table read by memcmp and indexing.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const int table[6] = { 1, 1, 2, 3, 5, 8 };

int main(void)
{
	int *c = malloc(sizeof table); // site
	if (!c)
		return 1;
	memcpy(c, table, sizeof table);
	printf("%d %d\n", memcmp(c, table, sizeof table) == 0, c[5] + c[4]);
	free(c);
	return 0;
}
