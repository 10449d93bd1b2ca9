/* expect: rewritten
 * sound: an append loop whose count is read after it, with the capacity
 *   compared by <= (one spare byte); the grown block only has more room.
 */
#include <stdio.h>
#include <stdlib.h>

int main(void)
{
	char *s = NULL;
	size_t len = 0, cap = 0;
	int i;

	for (i = 0; i < 500; i++) {
		if (len + 1 >= cap) {
			cap = len + 2;
			char *t = realloc(s, cap); // site
			if (!t) {
				free(s);
				return 1;
			}
			s = t;
		}
		s[len++] = (char)('a' + i % 26);
		s[len] = '\0';
	}
	printf("%d %zu %.10s\n", i, len, s);
	free(s);
	return 0;
}
