/* expect: any
 * trap: the size is 0 at run time: malloc(0) returns a unique pointer in
 *   glibc and the NULL check passes; the replacement must too.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv)
{
	(void)argv;
	static const char text[] = "zero";
	size_t n = (size_t)argc - 1;
	char *c = malloc(n); // site
	if (!c) {
		puts("allocation failed");
		return 0;
	}
	memcpy(c, text, n);
	puts("allocated");
	free(c);
	return 0;
}
