/* expect: rewritten
 * sound: a string built one character at a time, realloc(s, len + 2).
 */
#include <stdio.h>
#include <stdlib.h>

int main(void)
{
	char *s = NULL;
	size_t len = 0;
	for (int i = 0; i < 3000; i++) {
		char *t = realloc(s, len + 2); // site
		if (!t) {
			free(s);
			return 1;
		}
		s = t;
		s[len++] = (char)('a' + i % 26);
		s[len] = '\0';
	}
	printf("%zu %.26s\n", len, s);
	free(s);
	return 0;
}
