/* expect: refused
 * trap: the pair sits in a statement expression whose value is the copy's
 *   result (memcpy returns its destination): removing the copy changes the
 *   value of the expression (here: the program no longer compiles).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char word[] = "value";

int main(void)
{
	char *c = ({
		char *t = malloc(sizeof word); // site
		if (!t)
			return 1;
		memcpy(t, word, sizeof word);
	});
	printf("%s\n", c);
	free(c);
	return 0;
}
