/* expect: any
 * trap: sizeof of a VLA type is evaluated where it is written: n changes
 *   between the allocation and the copy.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv)
{
	(void)argv;
	int n = 8 + argc;
	const char src[] = "abcdefghijklmnop";
	char *c = malloc(sizeof(char[n])); // site
	if (!c)
		return 1;
	memset(c, '-', (size_t)n);
	n -= 4;
	memcpy(c, src, sizeof(char[n]));
	printf("%.*s\n", 9, c);
	free(c);
	return 0;
}
