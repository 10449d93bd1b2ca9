/* expect: refused
 * trap: CAT("ab", "cd") is "ab" "\0" "cd": the literal's ends are in two of
 *   the macro's arguments, and the text between them, "ab", "cd", is no
 *   expression (spelled as the source, the fix did not build); in sizeof,
 *   the size's text stopped before the invocation's closing parenthesis.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CAT(x, y) x "\0" y

int main(void)
{
	char *r = malloc(strlen(CAT("ab", "cd")) + 1); // site
	if (!r)
		return 1;
	memcpy(r, CAT("ab", "cd"), strlen(CAT("ab", "cd")) + 1);
	char *s = malloc(sizeof CAT("ef", "gh")); // site
	if (!s) {
		free(r);
		return 1;
	}
	memcpy(s, CAT("ef", "gh"), sizeof CAT("ef", "gh"));
	printf("%s %s|%s\n", r, s, s + 3);
	free(s);
	free(r);
	return 0;
}
