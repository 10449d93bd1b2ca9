/* expect: refused
 * trap: the whole literal comes from a macro whose body joins "\0" in the
 *   middle; the call site spells only the macro's name.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#define GREETING "hi" "\0" "there"

int main(void)
{
	char *p = malloc(sizeof GREETING); // site
	if (!p)
		return 1;
	strcpy(p, GREETING);
	memset(p + 3, '=', 5);
	p[8] = '\0';
	printf("%s|%s\n", p, p + 3);
	free(p);
	return 0;
}
