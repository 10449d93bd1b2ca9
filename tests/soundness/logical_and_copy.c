/* expect: refused
 * trap: the copy is the right operand of && : it only runs when `want`
 *   holds, so it is conditional although it sits in one statement.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char word[] = "shortcut";

int main(void)
{
	for (int want = 0; want < 2; want++) {
		char *p = calloc(sizeof word, 1); // site
		if (!p)
			return 1;
		(void)(want && memcpy(p, word, sizeof word));
		printf("%d: '%s'\n", want, p);
		free(p);
	}
	return 0;
}
