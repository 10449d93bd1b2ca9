/* expect: any
 * trap: the source is tab[i]; i is advanced through a pointer taken before
 *   the allocation.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void)
{
	static const char *const tab[] = { "first", "secnd" };
	int i = 0;
	int *pi = &i;
	char *c = malloc(6); // site
	if (!c)
		return 1;
	(*pi)++;
	memcpy(c, tab[i], 6);
	printf("%s\n", c);
	free(c);
	return 0;
}
