/* expect: refused
 * trap: a statement expression in the size of an unrelated call breaks
 *   out of the loop that holds the pair: the copy is skipped and the
 *   zeroed block printed.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char word[] = "broken";

int main(void)
{
	char *p = NULL;
	for (int i = 0; i < 3; i++) {
		p = calloc(sizeof word, 1); // site
		if (!p)
			return 1;
		int v = ({
			if (i == 1)
				break;
			i;
		});
		memcpy(p, word, sizeof word);
		printf("%d '%s'\n", v, p);
		free(p);
		p = NULL;
	}
	if (p)
		printf("after break '%s'\n", p);
	free(p);
	return 0;
}
