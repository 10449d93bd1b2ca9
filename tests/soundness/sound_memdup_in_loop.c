/* expect: rewritten
 * sound: a fresh copy of a different source on every pass of a loop.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void)
{
	char row[4][8] = { "r0", "r1", "r2", "r3" };
	char *keep[4];
	for (int i = 0; i < 4; i++) {
		keep[i] = malloc(sizeof row[i]); // site
		if (!keep[i])
			return 1;
		memcpy(keep[i], row[i], sizeof row[i]);
	}
	for (int i = 0; i < 4; i++)
		row[i][0] = 'X';
	for (int i = 0; i < 4; i++) {
		printf("%s %s\n", keep[i], row[i]);
		free(keep[i]);
	}
	return 0;
}
