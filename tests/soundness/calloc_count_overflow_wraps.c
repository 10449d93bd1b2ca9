/* expect: any
 * trap: calloc's count * size overflows: calloc fails, while the wrapped
 *   product (2) would allocate.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv)
{
	(void)argv;
	static const char text[] = "wrap";
	size_t k = SIZE_MAX / 2 + (size_t)argc + 1;
	char *c = calloc(k, 2); // site
	if (!c) {
		puts("calloc failed");
		return 0;
	}
	memcpy(c, text, k * 2);
	printf("%.2s\n", c);
	free(c);
	return 0;
}
