/* expect: any
 * trap: a share candidate of size 0 at run time: the NULL check must
 *   still see what malloc(0) gave.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
static const char text[] = "zero-share";

int main(int argc, char **argv)
{
	(void)argv;
	size_t n = (size_t)argc - 1;
	char *c = malloc(n); // site
	if (c == NULL) {
		puts("allocation failed");
		return 0;
	}
	memcpy(c, text, n);
	printf("allocated %zu\n", n);
	free(c);
	return 0;
}
