/* expect: refused
 * trap: n = strlen(buf), then a call shortens buf in place before the
 *   allocation; strlen(buf) at the allocation is not n any more.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void cut(char *b)
{
	b[3] = '\0';
}

int main(void)
{
	char buf[32] = "abcdefghijkl";
	size_t n = strlen(buf);
	cut(buf);
	char *p = malloc(n + 1); // site
	if (!p)
		return 1;
	strcpy(p, buf);
	strcat(p, "123456");
	puts(p);
	free(p);
	return 0;
}
