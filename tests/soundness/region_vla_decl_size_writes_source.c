/* expect: refused
 * trap: a VLA declared between the pair whose length is a call that writes
 *   the source: the declaration runs the call.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int bump(char *s)
{
	s[2] = '#';
	return 3;
}

int main(void)
{
	char buf[] = "vla decl";
	char *p = malloc(sizeof buf); // site
	if (!p)
		return 1;
	char tmp[bump(buf)];
	tmp[0] = 'x';
	memcpy(p, buf, sizeof buf);
	printf("%s %c\n", p, tmp[0]);
	free(p);
	return 0;
}
