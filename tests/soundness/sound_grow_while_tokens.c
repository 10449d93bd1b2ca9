/* expect: rewritten
 * sound: a while loop collecting tokens, the array regrown by one pointer
 *   per token.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void)
{
	static const char text[] = "a bb ccc dddd eeeee ffffff ggggggg";
	const char **toks = NULL;
	size_t n = 0;
	const char *s = text;
	while (*s) {
		while (*s == ' ')
			s++;
		if (!*s)
			break;
		const char **t = realloc(toks, (n + 1) * sizeof *toks); // site
		if (!t) {
			free(toks);
			return 1;
		}
		toks = t;
		toks[n++] = s;
		while (*s && *s != ' ')
			s++;
	}
	printf("%zu tokens, last %s\n", n, toks[n - 1]);
	free(toks);
	return 0;
}
