/* expect: any
 * trap: the previous pass's copy is freed earlier in the loop body than
 *   the copy: through the back edge that free() reaches the copy, and must
 *   become a release if the copy is shared.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char text[] = "freed later";

int main(void)
{
	char *c = NULL;
	size_t total = 0;
	for (int i = 0; i < 4; i++) {
		free(c);
		c = malloc(sizeof text); // site
		if (!c)
			return 1;
		memcpy(c, text, sizeof text);
		total += strlen(c);
	}
	printf("%zu\n", total);
	free(c);
	return 0;
}
