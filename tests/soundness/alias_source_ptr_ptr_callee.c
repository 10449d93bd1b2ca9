/* expect: any
 * trap: a callee given a pointer to a pointer to the source writes it.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void poke(char **pp)
{
	(*pp)[1] = '#';
}

int main(void)
{
	char src[] = "pointer2";
	char *s = src;
	char **ps = &s;
	char *c = malloc(sizeof src); // site
	if (!c)
		return 1;
	poke(ps);
	memcpy(c, src, sizeof src);
	printf("%s\n", c);
	free(c);
	return 0;
}
