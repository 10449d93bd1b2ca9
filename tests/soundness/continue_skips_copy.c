/* expect: refused
 * trap: in a loop, `continue` between the allocation and the copy skips the
 *   copy on some passes.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char word[] = "loop";

int main(void)
{
	for (int i = 0; i < 3; i++) {
		char *p = calloc(sizeof word, 1); // site
		if (!p)
			return 1;
		if (i == 1) {
			printf("%d: '%s'\n", i, p);
			free(p);
			continue;
		}
		memcpy(p, word, sizeof word);
		printf("%d: '%s'\n", i, p);
		free(p);
	}
	return 0;
}
