/* expect: rewritten
 * sound: the sources are a whole macro invocation (PICK(name, other), whose
 *   body begins and ends with its own parentheses) and a macro of one
 *   token: the text spans the whole invocation and spells the expression.
 *   Only an end inside an argument is refused.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PICK(a, b) (a)
#define NAME name

static char name[] = "a source string";
static char other[] = "another";

int main(void)
{
	char *p = malloc(sizeof name); // site
	if (!p)
		return 1;
	memcpy(p, PICK(name, other), sizeof name);
	char *q = malloc(sizeof name); // site
	if (!q) {
		free(p);
		return 1;
	}
	memcpy(q, NAME, sizeof name);
	printf("%s|%s\n", p, q);
	free(q);
	free(p);
	return 0;
}
