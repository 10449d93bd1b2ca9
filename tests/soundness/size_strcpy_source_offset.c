/* expect: refused
 * trap: malloc(strlen(s) + 1) then strcpy(p, s + 1): the block is one byte
 *   longer than the string copied, and the program appends into that byte;
 *   a memdup of strlen(s + 1) + 1 bytes would be one byte short.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv)
{
	const char *s = argc > 5 ? argv[1] : "xabcdef";
	size_t n = strlen(s);
	char *p = malloc(strlen(s) + 1); // site
	if (!p)
		return 1;
	strcpy(p, s + 1);
	p[n - 1] = '!';
	p[n] = '\0';
	printf("%s\n", p);
	free(p);
	return 0;
}
