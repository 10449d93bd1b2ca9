/* expect: any
 * trap: the copy's size is sizeof of a VLA type whose bound increments m:
 *   sizeof evaluates it, and removing the copy would drop the increment.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv)
{
	(void)argv;
	int m = 4 + argc;
	const char src[] = "abcdefgh";
	char *c = malloc((size_t)m); // site
	if (!c)
		return 1;
	memcpy(c, src, sizeof(char[m++]));
	printf("%.5s %d\n", c, m);
	free(c);
	return 0;
}
