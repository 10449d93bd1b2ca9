/* expect: rewritten
 * sound: a constructor fills the source before main runs; nothing writes
 *   it between the allocation and the copy.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char table[16];

__attribute__((constructor)) static void fill(void)
{
	memcpy(table, "constructed", 12);
}

int main(void)
{
	char *p = malloc(sizeof table); // site
	if (!p)
		return 1;
	memcpy(p, table, sizeof table);
	table[0] = 'X';
	printf("%s %s\n", p, table);
	free(p);
	return 0;
}
