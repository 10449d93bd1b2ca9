/* expect: any
 * trap: the regrow call is in a macro body that is also used to release a
 *   buffer (RESIZE(p, 0)): making the macro geometric makes RESIZE(p, 0)
 *   keep the block instead of freeing it.
 */
#include <stdio.h>
#include <stdlib.h>

#define RESIZE(p, n) ((p) = realloc((p), (n)))

int main(void)
{
	char *s = NULL;
	size_t len = 0;
	for (int i = 0; i < 100; i++) {
		RESIZE(s, len + 1); // site
		if (!s)
			return 1;
		s[len++] = (char)('a' + i % 26);
	}
	printf("len=%zu last=%c\n", len, s[len - 1]);
	RESIZE(s, 0);
	printf("released: %s\n", s == NULL ? "yes" : "no");
	free(s);
	return 0;
}
