/* expect: rewritten
 * sound: a copy of a string literal passed only to printf, then freed.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void)
{
	for (int i = 0; i < 3; i++) {
		char *c = malloc(sizeof "hello, printf"); // site
		if (!c)
			return 1;
		memcpy(c, "hello, printf", sizeof "hello, printf");
		printf("%d: %s (%.5s)\n", i, c, c);
		free(c);
	}
	return 0;
}
