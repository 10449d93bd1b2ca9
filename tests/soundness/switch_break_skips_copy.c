/* expect: refused
 * trap: a switch between the allocation and the copy breaks out before the
 *   copy for one mode: the copy is conditional.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char word[] = "modes";

int main(void)
{
	for (int mode = 0; mode < 2; mode++) {
		char *p = calloc(sizeof word, 1); // site
		if (!p)
			return 1;
		switch (mode) {
		case 1:
			break;
		default:
			memcpy(p, word, sizeof word);
			break;
		}
		printf("%d: '%s'\n", mode, p);
		free(p);
	}
	return 0;
}
