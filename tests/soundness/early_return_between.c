/* expect: refused
 * trap: an early return between the allocation and the copy hands back the
 *   zeroed block: the copy does not happen on that path.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char word[] = "early";

static char *get(int empty)
{
	char *p = calloc(sizeof word, 1); // site
	if (!p)
		return NULL;
	if (empty)
		return p;
	memcpy(p, word, sizeof word);
	return p;
}

int main(void)
{
	for (int i = 0; i < 2; i++) {
		char *p = get(i);
		if (!p)
			return 1;
		printf("%d: '%s'\n", i, p);
		free(p);
	}
	return 0;
}
