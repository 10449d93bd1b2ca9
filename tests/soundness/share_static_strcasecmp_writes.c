/* expect: no-share
 * trap: the copy of an immutable table is passed to the unit's own
 *   strcasecmp (no header declares it under -std=c11), which writes it: a
 *   shared copy would write the table.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int strcasecmp(char *a, const char *b)
{
	a[0] = (char)(a[0] - 32);
	return a[1] - b[1];
}

static const char table[] = "lowercase";

int main(void)
{
	char *c = malloc(sizeof table); // site
	if (!c)
		return 1;
	memcpy(c, table, sizeof table);
	int d = strcasecmp(c, "lx");
	printf("%d %s %s\n", d, c, table);
	free(c);
	return 0;
}
