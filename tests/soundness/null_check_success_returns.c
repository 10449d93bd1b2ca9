/* expect: refused
 * trap: `if (p != NULL && n < 4) return p;` returns the zeroed block on the
 *   success path before the copy: the copy does not always happen, so a
 *   memdup at the allocation fills short keys that used to stay zero.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *make(const char *s, size_t n)
{
	char *p = calloc(n, 1); // site
	if (p != NULL && n < 4)
		return p;
	if (p == NULL)
		return NULL;
	memcpy(p, s, n);
	return p;
}

int main(void)
{
	const char *words[] = { "ab", "abcdef" };
	for (int i = 0; i < 2; i++) {
		size_t n = strlen(words[i]) + 1;
		char *p = make(words[i], n);
		if (!p)
			return 1;
		printf("%zu: first byte %d\n", n, p[0]);
		free(p);
	}
	return 0;
}
