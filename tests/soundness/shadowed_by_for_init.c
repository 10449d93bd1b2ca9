/* expect: any
 * trap: the allocation sits in a for loop whose init declares a `src` that
 *   shadows the outer one the copy (after the loop) reads.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void)
{
	const char *src = "outer";
	char *p = NULL;
	for (const char *src = "inner"; p == NULL; src++) {
		p = malloc(6); // site
		if (!p)
			return 1;
	}
	memcpy(p, src, 6);
	printf("%s\n", p);
	free(p);
	return 0;
}
