/* expect: refused
 * trap: the copy's source is a local defined as s + 1 before the
 *   allocation sized by strlen(s) + 1; the block is one byte longer than
 *   strcpy fills, and the program writes that byte.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv)
{
	const char *s = argc > 5 ? argv[1] : "xabcdef";
	const char *t = s + 1;
	size_t n = strlen(s);
	char *p = malloc(n + 1); // site
	if (!p)
		return 1;
	strcpy(p, t);
	memset(p + n - 1, '?', 1);
	p[n] = '\0';
	printf("%s\n", p);
	free(p);
	return 0;
}
