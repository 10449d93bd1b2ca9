/* expect: any
 * trap: a write of the copy earlier in the loop body than the copy: it
 *   reaches the previous pass's copy through the back edge.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char text[] = "backedge";

int main(void)
{
	char *c = NULL;
	for (int i = 0; i < 3; i++) {
		if (c) {
			c[0] = (char)('A' + i);
			printf("%s\n", c);
			free(c);
		}
		c = malloc(sizeof text); // site
		if (!c)
			return 1;
		memcpy(c, text, sizeof text);
	}
	printf("%s\n", c);
	free(c);
	return 0;
}
